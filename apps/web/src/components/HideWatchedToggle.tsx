import { Trans } from '@lingui/react/macro';
import type { useHideWatched } from '../lib/hide-watched';
import { Toggle } from './Toggle';

/**
 * "Hide watched" (issue 30): a switch beside a list's heading; on, the list is asked with `hideWatched=true` and the
 * server leaves the member's watched and dismissed videos out. Only members have a history, so visitors see nothing.
 */
export function HideWatchedToggle({ state }: { state: ReturnType<typeof useHideWatched> }) {
  if (!state.member) return null;
  return (
    <Toggle className="hide-watched" checked={state.on} onChange={state.set}>
      <Trans comment="A switch above a list of videos: leave out the ones the member has watched">Hide watched</Trans>
    </Toggle>
  );
}
