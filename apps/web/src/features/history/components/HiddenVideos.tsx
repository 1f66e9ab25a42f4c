import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HiddenItem } from '@sift/contracts';
import { VideoCard } from '../../../components/Cards';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { useNotify } from '../../../components/Notifications';
import { isApiError } from '../../../lib/api';
import { useNow } from '../../../lib/hooks';
import { applyVideoMarks } from '../../../lib/video-marks';
import { historyKeys, unhideVideo, useHiddenVideos } from '../api/queries';

const keyOf = (v: HiddenItem) => v.externalId;

/**
 * The history page's "Hidden from your feeds" (issue 30): every dismissal, newest first, each undone with one button
 * (the toast's Undo lasts only as long as the toast). Read when opened.
 */
export function HiddenVideos() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const hidden = useHiddenVideos(open);

  const unhide = async (item: HiddenItem) => {
    try {
      await unhideVideo(item.externalId);
      applyVideoMarks(qc, item.externalId, { hidden: false });
      notify(t`Shown in your feeds again`);
    } catch (err) {
      if (isApiError(err) && err.message) notify(err.message);
    } finally {
      void qc.invalidateQueries({ queryKey: historyKeys.hidden() });
    }
  };

  return (
    <details className="history-hidden" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Trans>Videos hidden from your feeds</Trans>
      </summary>
      {open && hidden.isSuccess && hidden.items.length === 0 ? (
        <p className="history-hidden-empty">
          <Trans>You have not hidden any video. “Hide from my feeds” in a video’s menu puts it here.</Trans>
        </p>
      ) : (
        <InfiniteList
          label={t`Videos hidden from your feeds`}
          items={hidden.items}
          getKey={keyOf}
          renderItem={(item, position) => {
            const title = item.title || item.name;
            return (
              <VideoCard
                video={item}
                position={position}
                now={now}
                extra={
                  <button type="button" className="btn btn-secondary history-unhide" aria-label={t`Show ${title} in your feeds again`} onClick={() => void unhide(item)}>
                    <Trans>Show again</Trans>
                  </button>
                }
              />
            );
          }}
          {...pagingOf(hidden)}
        />
      )}
    </details>
  );
}
