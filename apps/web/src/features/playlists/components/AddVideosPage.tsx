import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchResults, Video } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { SearchField } from '../../../components/SearchField';
import { api, isApiError } from '../../../lib/api';
import { to } from '../../../lib/paths';
import { addToPlaylist, invalidatePlaylists, usePlaylist, WATCH_LATER } from '../api/queries';
// Its list of found videos is a picker list (.picker-list, .picker-name, .picker-empty).
import '../../../components/list-picker.css';
import '../playlists.css';

/** /add-videos?p={playlist id}: find videos by text and add them one by one to the playlist. */
export function AddVideosPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const id = params.get('p') || WATCH_LATER;
  const q = params.get('q') ?? '';
  const playlist = usePlaylist(id);
  const qc = useQueryClient();
  const notify = useNotify();
  const [added, setAdded] = useState<Set<string>>(() => new Set());
  const name = playlist.data?.name ?? t({ message: 'playlist', comment: 'Stands for a playlist whose name is not loaded yet, as in "Add videos to playlist"' });
  useDocumentTitle(t`Add videos`);
  const results = useQuery({
    queryKey: ['playlists', 'add-videos', q],
    queryFn: ({ signal }) => api.get<SearchResults>('/api/search', { query: { q, type: 'videos', limit: 30 }, signal }),
    enabled: !!q,
  });
  const videos = (results.data?.items ?? []).filter((i): i is Video => i.type === 'video');

  const add = async (video: Video) => {
    try {
      await addToPlaylist(id, video);
      setAdded((s) => new Set(s).add(video.externalId));
      notify(t`Added to ${name}`);
    } catch (err) {
      if (isApiError(err) && err.status === 409) setAdded((s) => new Set(s).add(video.externalId));
      if (isApiError(err) && err.message) notify(err.message);
    } finally {
      void invalidatePlaylists(qc);
    }
  };

  return (
    <section className="page narrow-page add-videos" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Add videos to {name}</Trans>
      </h1>
      <SearchField label={t`Search videos`} value={q} onSubmit={(text) => setParams({ p: id, q: text }, { replace: true })} />
      <ul className="picker-list add-videos-list" aria-label={t`Videos found`} aria-busy={results.isFetching}>
        {videos.map((v) => {
          const title = v.title;
          return (
            <li key={v.externalId} className="add-videos-item">
              <img src={v.thumbnail} alt="" width={120} height={68} loading="lazy" />
              <span className="picker-name">{v.title}</span>
              <button type="button" className="btn btn-secondary" disabled={added.has(v.externalId)} onClick={() => void add(v)} aria-label={t`Add ${title}`}>
                {added.has(v.externalId) ? t`Added` : t({ message: 'Add', context: 'verb' })}
              </button>
            </li>
          );
        })}
        {q && !results.isPending && videos.length === 0 && (
          <li className="picker-empty">
            <Trans>No results.</Trans>
          </li>
        )}
      </ul>
      <p>
        <AppLink to={to.playlist(id)}>
          <Trans>Back to {name}</Trans>
        </AppLink>
      </p>
    </section>
  );
}
