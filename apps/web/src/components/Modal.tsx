import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon';
import { useModal, usePortalSafeId } from './dialog';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Footer buttons; a Close button is added when none are given. */
  actions?: ReactNode;
  /** The added Close button's look: secondary when the body has the primary action of its own. */
  closeVariant?: 'primary' | 'secondary';
  /** Whether the added Close button takes the focus when the dialog opens; else its first field or button does. */
  focusClose?: boolean;
}

/** An accessible modal dialog (SPEC §2 "Modals"): labelled by its title, focus trapped, Escape closes. */
export function Modal({ title, onClose, children, actions, closeVariant = 'primary', focusClose = true }: ModalProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = usePortalSafeId('modal');
  useModal(ref, true, onClose);
  return createPortal(
    <div className="backdrop" onClick={onClose}>
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label={t({ message: 'Close', context: 'verb' })} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="modal-body">{children}</div>
        <footer className="modal-foot">
          {actions ?? (
            <button type="button" className={`btn btn-${closeVariant}`} onClick={onClose} data-autofocus={focusClose || undefined}>
              <Trans context="verb">Close</Trans>
            </button>
          )}
        </footer>
      </div>
    </div>,
    document.body,
  );
}
