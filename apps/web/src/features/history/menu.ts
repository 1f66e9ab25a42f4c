import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Video } from '@sift/contracts';
import type { MenuEntry } from '../../components/Menu';
import { useNotify } from '../../components/Notifications';
import { isApiError } from '../../lib/api';
import { usePreference } from '../../lib/hooks';

/**
 * The calls and the cache updates, loaded when a member first picks one of these entries: every card draws this menu's
 * entries, but few are chosen, and the first route's bundle has a budget (bench/bundle-size.ts).
 */
const load = () => Promise.all([import('./api/queries'), import('../../lib/video-marks')]).then(([queries, marks]) => ({ ...queries, ...marks }));

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
  const refetchHiding = useCallback(async () => {
    const { hidesWatched } = await load();
    await qc.invalidateQueries({ predicate: (q) => hidesWatched(q.queryKey) });
  }, [qc]);

  const setWatched = useCallback(
    async (video: Pick<Video, 'externalId'>, watched: boolean) => {
      const loaded = await load().catch(report);
      if (!loaded) return;
      const { applyVideoMarks, invalidateHistory, markUnwatched, markWatched } = loaded;
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
      const loaded = await load().catch(report);
      if (!loaded) return;
      const { applyVideoMarks, hideVideo, unhideVideo } = loaded;
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
