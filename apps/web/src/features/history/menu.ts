import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Video } from '@sift/contracts';
import type { MenuEntry } from '../../components/Menu';
import { useNotify } from '../../components/Notifications';
import { isApiError } from '../../lib/api';
import { usePreference } from '../../lib/hooks';
import { applyVideoMarks, hidesWatched } from '../../lib/video-marks';
import { hideVideo, invalidateHistory, markUnwatched, markWatched, unhideVideo } from './api/queries';

/**
 * Marks and dismissals (issue 30): "Mark as watched" / "Mark as unwatched" and "Hide from my feeds", for members. The
 * card changes at once in every cached list (lib/video-marks); a list that hides watched videos drops it, and one that
 * would show it again (unmarked, undone) is fetched again, since the server decides where it stands.
 */
export function useHistoryActions() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();

  const report = useCallback((err: unknown) => {
    if (isApiError(err) && err.message) notify(err.message);
  }, [notify]);
  const refetchHiding = useCallback(() => qc.invalidateQueries({ predicate: (q) => hidesWatched(q.queryKey) }), [qc]);

  const setWatched = useCallback(
    async (video: Pick<Video, 'externalId'>, watched: boolean) => {
      try {
        await (watched ? markWatched(video.externalId) : markUnwatched(video.externalId));
        applyVideoMarks(qc, video.externalId, { watched, position: null });
        notify(watched ? t`Marked as watched` : t`Marked as unwatched`);
        if (!watched) void refetchHiding();
      } catch (err) {
        report(err);
      } finally {
        void invalidateHistory(qc);
      }
    },
    [qc, notify, report, refetchHiding, t],
  );

  const hide = useCallback(
    async (video: Pick<Video, 'externalId'>) => {
      try {
        await hideVideo(video.externalId);
        applyVideoMarks(qc, video.externalId, { hidden: true });
        notify(t`Hidden from your feeds`, {
          label: t`Undo`,
          run: () =>
            void unhideVideo(video.externalId)
              .then(() => refetchHiding())
              .catch(report),
        });
      } catch (err) {
        report(err);
      }
    },
    [qc, notify, report, refetchHiding, t],
  );

  return { setWatched, hide };
}

/** The history feature's part of every video card's menu (composed in app/item-actions.tsx); nothing for visitors. */
export function useHistoryVideoMenu(): (video: Video) => MenuEntry[] {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const { setWatched, hide } = useHistoryActions();
  return useCallback(
    (video: Video) => {
      if (!token) return [];
      return [
        video.watched
          ? { kind: 'action', label: t`Mark as unwatched`, icon: 'history', onSelect: () => void setWatched(video, false) }
          : { kind: 'action', label: t`Mark as watched`, icon: 'check', onSelect: () => void setWatched(video, true) },
        { kind: 'action', label: t`Hide from my feeds`, icon: 'hide', onSelect: () => void hide(video) },
      ];
    },
    [token, setWatched, hide, t],
  );
}
