import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { formErrorsFrom } from './Form';
import { Modal } from './Modal';
import './change-image.css';

/**
 * The change-image modal of playlists and sifts (SPEC §5): JPG or PNG only, about 300×300 recommended (stored at
 * 300×300); removing is disabled while the cover is automatic; errors under "Oops! There was an error filling up
 * the form."
 */
export function ChangeImageModal({ thumbnailType, onUpload, onRemove, onClose }: {
  /** 'auto': there is no custom image, so Remove is disabled (SPEC §5). */
  thumbnailType: 'auto' | 'custom';
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onClose();
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t`Choose a JPG or PNG image.`);
    if (!/^image\/(jpeg|png)$/.test(file.type)) return setError(t`Only JPG and PNG images are accepted.`);
    void run(() => onUpload(file));
  };
  return (
    <Modal
      title={t`Change image`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy || thumbnailType === 'auto'} onClick={() => void run(onRemove)}>
            <Trans>Remove image</Trans>
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} className="change-image-form">
        {error && (
          <div className="form-alert form-alert--error" role="alert">
            <strong>
              <Trans>Oops! There was an error filling up the form.</Trans>
            </strong>
            <p>{error}</p>
          </div>
        )}
        <label htmlFor={id} className="field-label">
          <Trans>Cover image</Trans>
        </label>
        <input id={id} type="file" accept="image/jpeg,image/png" aria-describedby={`${id}-hint`} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        <p id={`${id}-hint`} className="field-hint">
          <Trans>JPG or PNG, at most 5 MB. About 300×300 pixels is recommended: images are stored at 300×300.</Trans>
        </p>
      </form>
    </Modal>
  );
}
