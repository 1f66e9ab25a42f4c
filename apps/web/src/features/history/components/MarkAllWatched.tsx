import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useNotify } from '../../../components/Notifications';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { usePreference } from '../../../lib/hooks';
import { markAllWatched } from '../api/queries';

/** MARK_ALL_WATCHED_MAX of @sift/contracts (a value import from there would bring zod into the client). */
export const MARK_ALL_WATCHED_MAX = 1000;

/**
 * "Mark all as watched" on a sift page and on the personal feed (issue 30): after a confirmation, the server marks the
 * newest videos (at most MARK_ALL_WATCHED_MAX) published up to `before`, the newest card shown, so that videos arriving
 * meanwhile stay new. Every list is asked again: any card may have changed. Members only.
 */
export function MarkAllWatched({ target, before }: { target: { siftId: number } | 'feed'; before: string | undefined }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const [token] = usePreference('token');
  const [confirming, setConfirming] = useState(false);
  if (!token) return null;
  const max = formatNumber(MARK_ALL_WATCHED_MAX);
  const run = async () => {
    setConfirming(false);
    try {
      const { marked } = await markAllWatched(target, before);
      const n = formatNumber(marked);
      notify(marked === 1 ? t`Marked 1 video as watched` : t`Marked ${n} videos as watched`);
    } catch (err) {
      if (isApiError(err) && err.message) notify(err.message);
    } finally {
      void qc.invalidateQueries();
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={!before} onClick={() => setConfirming(true)}>
        <Trans>Mark all as watched</Trans>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Mark all as watched?`}
          message={t`The newest videos here (up to ${max}) will be marked as watched. You can unmark any of them from its menu or from your history.`}
          confirmLabel={t`Mark all as watched`}
          onConfirm={() => void run()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
