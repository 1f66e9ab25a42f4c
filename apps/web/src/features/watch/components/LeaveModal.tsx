import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Video } from '@sift/contracts';
import { Modal } from '../../../components/Modal';
import { usePortalSafeId } from '../../../components/dialog';
import { APP_NAME } from '../../../lib/config';
import type { LeavePrompt } from '../../../player/engine';
import { externalVideoUrl, serviceName } from '../../../player/links';
import { videoTitle } from '../../../player/types';

export interface LeaveModalProps {
  leave: LeavePrompt<Video>;
  /** Engine clock → wall clock (both Date.now() in the app). */
  now?: () => number;
  onAccept: (dontShowAgain: boolean) => void;
  onCancel: (dontShowAgain: boolean) => void;
}

/**
 * The leave-site notice (SPEC §2 modals, §4): the video plays only on its service. Accept opens it there in a new
 * tab; Cancel stays, and has the focus first. Opened by the engine for a queue's item, it hides itself and plays the
 * next video after 7 s untouched — the countdown says so.
 */
export function LeaveModal({ leave, now = Date.now, onAccept, onCancel }: LeaveModalProps) {
  const [dontShow, setDontShow] = useState(false);
  const seconds = useCountdown(leave.deadline, now);
  const checkId = usePortalSafeId('leave');
  const { t } = useLingui();
  const service = serviceName(leave.video);
  const title = videoTitle(leave.video);
  const hasUrl = !!externalVideoUrl(leave.video);
  return (
    <Modal
      title={t`You're leaving ${APP_NAME}`}
      onClose={() => onCancel(dontShow)}
      actions={
        <>
          {/* Focus starts on staying (issue 31): Enter or Space on arrival must not send the person to another site. */}
          <button type="button" className="btn btn-secondary leave-btn" onClick={() => onCancel(dontShow)} data-autofocus>
            {leave.automatic ? t`Skip` : t`Cancel`}
          </button>
          {hasUrl && (
            <button type="button" className="btn btn-primary leave-btn" onClick={() => onAccept(dontShow)}>
              <Trans>
                Open on {service}
                <span className="sr-only"> (opens in a new tab)</span>
              </Trans>
            </button>
          )}
        </>
      }
    >
      <div className="leave-body">
        <p>
          <Trans>
            <strong>{title}</strong> can only be watched on {service}. Open it there in a new tab?
          </Trans>
        </p>
        {leave.autoAdvance && seconds !== null && (
          <p className="leave-countdown" role="timer" aria-live="off">
            <Trans>Playing the next video in {seconds} s…</Trans>
          </p>
        )}
        <label className="check" htmlFor={checkId}>
          <input id={checkId} type="checkbox" checked={dontShow} onChange={(e) => setDontShow(e.currentTarget.checked)} />
          <Trans>Don't show this again</Trans>
        </label>
      </div>
    </Modal>
  );
}

function useCountdown(deadline: number | null, now: () => number): number | null {
  const left = () => (deadline === null ? null : Math.max(0, Math.ceil((deadline - now()) / 1000)));
  const [value, setValue] = useState(left);
  useEffect(() => {
    setValue(left());
    if (deadline === null) return;
    const timer = setInterval(() => setValue(left()), 250);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  return value;
}
