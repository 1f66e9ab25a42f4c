import type { ImportStatus } from '@sift/contracts';
import { IMPORT_POLL_CHANGED_MS, IMPORT_POLL_UNCHANGED_MS } from '../../lib/config';

/** CREATED and FAILED end an import: nothing more to poll. */
export const isImportFinished = (status: ImportStatus | undefined): status is 'CREATED' | 'FAILED' => status === 'CREATED' || status === 'FAILED';

/**
 * SPEC §4 import polling: the wait before the next poll, from the status before the last answer and the last
 * answer's: none once CREATED or FAILED, 600 ms while the status is unchanged, 1000 ms after it changed.
 */
export function importPollDelay(previous: ImportStatus | undefined, current: ImportStatus | undefined): number | false {
  if (isImportFinished(current)) return false;
  return previous === current ? IMPORT_POLL_UNCHANGED_MS : IMPORT_POLL_CHANGED_MS;
}

/**
 * Follows an import's status answer by answer, for a query's `refetchInterval` (which may be asked more than once per
 * answer: answers are told apart by the time they came). `initial` is the status known before the first poll (what
 * starting the import answered), if any.
 */
export function pollTracker(initial?: ImportStatus) {
  let previous = initial;
  let current = initial;
  let answeredAt: number | null = null;
  return {
    delay(status: ImportStatus | undefined, at: number): number | false {
      if (status !== undefined && at !== answeredAt) {
        previous = current;
        current = status;
        answeredAt = at;
      }
      return importPollDelay(previous, current);
    },
  };
}
