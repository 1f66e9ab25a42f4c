import { Trans } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './dialog';

/**
 * A bottom sheet (SPEC §2 "Mobile bottom-sheet action menus": each has a Close footer), modal like a dialog:
 * background inert, focus trapped, Escape, a tap on the backdrop or Close closes it.
 */
export function BottomSheet({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);
  return createPortal(
    <div className="backdrop backdrop--sheet" onClick={onClose}>
      <div ref={ref} className="sheet" role="dialog" aria-modal="true" aria-label={label} onClick={(e) => e.stopPropagation()}>
        {children}
        <div className="sheet-foot">
          <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
            <Trans context="verb">Close</Trans>
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
