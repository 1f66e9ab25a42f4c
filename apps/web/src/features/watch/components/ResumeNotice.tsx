import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Video } from '@sift/contracts';
import { formatDuration } from '../../../lib/format';
import { useStore } from '../../../lib/hooks';
import type { PlayerEngine } from '../../../player/engine';
import { RESUME_NOTICE_MS, resumed } from '../progress';

/**
 * "Resumed at 12:34 · Start over" over the player for a moment after a video starts where it was left (issue 30),
 * as YouTube says it. Start over goes back to 0:00.
 */
export function ResumeNotice({ engine, video }: { engine: PlayerEngine<Video>; video: Video }) {
  const from = useStore(resumed);
  const [shown, setShown] = useState<typeof from>(null);
  useEffect(() => {
    setShown(from);
    if (!from) return;
    const timer = setTimeout(() => setShown(null), RESUME_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [from]);
  if (!shown || shown.externalId !== video.externalId) return null;
  const at = formatDuration(shown.seconds);
  return (
    <div className="pl-resume" role="status">
      <span>
        <Trans>Resumed at {at}</Trans>
      </span>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="pl-resume__restart"
        onClick={() => {
          engine.seekTo(0);
          setShown(null);
        }}
      >
        <Trans>Start over</Trans>
      </button>
    </div>
  );
}
