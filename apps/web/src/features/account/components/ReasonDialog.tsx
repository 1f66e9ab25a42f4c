import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { FormAlert, TextArea } from '../../../components/Form';
import { Modal } from '../../../components/Modal';

/** A confirmation modal that asks why (SPEC §7 deactivate/delete send a reason); the reason is optional. */
export function ReasonDialog({
  title,
  children,
  confirmLabel,
  danger,
  error,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  error?: string | null;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => onConfirm(reason.trim())}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="stack">
        {children}
        {error && (
          <FormAlert>
            <p>{error}</p>
          </FormAlert>
        )}
        <TextArea
          label={t`Why are you leaving? (optional)`}
          name="reason"
          value={reason}
          onChange={setReason}
          maxLength={1000}
          hint={t`Your answer helps us improve.`}
        />
      </div>
    </Modal>
  );
}
