import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Modal } from './Modal';

export interface PageModalProps {
  title: string;
  children: ReactNode;
  /** Close (the header's ×) and Cancel: leave the modal page. */
  onClose: () => void;
  /** Continue: the next step of the flow; closes like Cancel when there is none. */
  onContinue?: () => void;
}

/**
 * The page modal of SPEC §2 "Modals" ("a page modal with Close, Continue and Cancel"): a modal page of the URL's `m`
 * (keywordsModalPage, addChannelsModalPage, viewChannelsModalPage) with the header's Close and a footer of Cancel
 * and Continue.
 */
export function PageModal({ title, children, onClose, onContinue }: PageModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={onContinue ?? onClose} data-autofocus>
            <Trans>Continue</Trans>
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
