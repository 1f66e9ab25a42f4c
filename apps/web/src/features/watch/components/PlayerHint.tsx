import { Trans } from '@lingui/react/macro';
import { FirstRunHint } from '../../../components/FirstRunHint';

/** Where "Got it" leaves the focus: the video, whose keys play, seek and open the shortcuts. */
const theVideo = (hint: HTMLElement) => hint.closest('.watch')?.querySelector<HTMLElement>('.watch-media');

/**
 * The player's first-run tip (decision 049): on a desktop a bubble over the video above the settings button, part of
 * the controls (it hides and shows with them); on a phone, whose video is too small to cover, under it, with its
 * gestures.
 */
export function PlayerHint({ desktop }: { desktop: boolean }) {
  return (
    <FirstRunHint place="player" className={desktop ? 'pl-hint' : 'watch-hint'} focusAfter={theVideo}>
      {desktop ? (
        <Trans>Autoplay and cinema mode are in Settings. Press ? for all keyboard shortcuts.</Trans>
      ) : (
        <Trans>Double-tap the left or right of the video to skip 5 seconds. Swipe left for the next video, right for the previous one, down to minimise. Autoplay is in Settings.</Trans>
      )}
    </FirstRunHint>
  );
}
