import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../lib/format';

/**
 * How many videos a sift or a followed channel has that the member has neither watched nor dismissed (issue 30). The
 * server counts to UNWATCHED_COUNT_MAX (100, meaning "100 or more"), so anything past 99 reads "99+".
 */
export function inboxCountLabel(n: number): string {
  return n > 99 ? '99+' : formatNumber(n);
}

/** The count as a small pill; nothing when there is nothing new (or the server sent no count: a visitor). */
export function InboxCount({ n }: { n: number | undefined }) {
  const { t } = useLingui();
  if (!n) return null;
  const label = inboxCountLabel(n);
  const said = t({ message: `${label} unwatched`, comment: 'The count of videos a member has not watched yet, e.g. "12 unwatched" or "99+ unwatched"' });
  return (
    <span className="inbox-count" title={said}>
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{said}</span>
    </span>
  );
}
