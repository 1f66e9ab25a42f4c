import { Trans, useLingui } from '@lingui/react/macro';
import { VideoCard } from '../../../components/Cards';
import { useNow, usePreference } from '../../../lib/hooks';
import { useContinueWatching } from '../api/queries';
import '../history.css';

/**
 * Continue watching (issue 30): the member's started, unfinished videos, newest first, in one row at the top of the
 * Dashboard. Nothing for visitors, nothing while there is nothing to continue (no empty heading, no placeholder).
 */
export function ContinueWatching({ held = false }: { held?: boolean }) {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const now = useNow();
  const query = useContinueWatching(!!token);
  const items = query.data?.items ?? [];
  if (!token || held || items.length === 0) return null;
  return (
    <section className="section" aria-labelledby="continue-heading">
      <div className="section-head">
        <h2 id="continue-heading">
          <Trans>Continue watching</Trans>
        </h2>
      </div>
      <div className="continue-row" role="feed" aria-label={t`Continue watching`}>
        {items.map((video, i) => (
          <VideoCard key={video.externalId} video={video} now={now} position={{ posinset: i + 1, setsize: items.length }} />
        ))}
      </div>
    </section>
  );
}
