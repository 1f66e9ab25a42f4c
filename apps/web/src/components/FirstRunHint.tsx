import { Trans } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { useHint, type HintPlace } from '../lib/hints';
// Its styles are in the first route's stylesheet (main.tsx): see there.

export interface FirstRunHintProps {
  place: HintPlace;
  /** The tip, a sentence or two, after "Tip:". */
  children: ReactNode;
  className?: string;
  /** Where the focus goes when "Got it" had it (the tip then leaves the page): an element near the tip. */
  focusAfter?: (hint: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * A first-run tip (SPEC §3 `toolTips`, decision 049): shown in its place until "Got it", once per place, and again after
 * "Show tips again" in the header's menu (lib/hints.ts). Imported by lazy chunks only (the player, the sift editor).
 */
export function FirstRunHint({ place, children, className, focusAfter }: FirstRunHintProps) {
  const { shown, dismiss } = useHint(place);
  const ref = useRef<HTMLDivElement>(null);
  if (!shown) return null;
  const gotIt = () => {
    const el = ref.current;
    const had = !!el && el.contains(document.activeElement);
    const next = had ? focusAfter?.(el) : null;
    dismiss();
    next?.focus({ preventScroll: true });
  };
  return (
    <div ref={ref} role="note" className={className ? `hint ${className}` : 'hint'}>
      <p>
        <strong>
          <Trans comment="Opens a first-run hint: a short tip on how to use a screen">Tip:</Trans>
        </strong>{' '}
        {children}
      </p>
      <button type="button" className="hint-ok" onClick={gotIt}>
        <Trans comment="Puts a first-run hint away">Got it</Trans>
      </button>
    </div>
  );
}
