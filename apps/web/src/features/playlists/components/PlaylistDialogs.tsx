import { useId, useState, type FormEvent } from 'react';
import type { Playlist } from '@sift/contracts';
import { formErrorsFrom } from '../../../components/Form';
import { Modal } from '../../../components/Modal';

export const CHANGE_IMAGE_ERROR_HEADER = 'Oops! There was an error filling up the form.';

/**
 * SPEC §5 change-image modal: JPG or PNG only, about 300×300 recommended (stored at 300×300); removing is disabled
 * while the cover is automatic. Errors show under the header "Oops! There was an error filling up the form."
 */
export function ChangeImageModal({
  playlist,
  onUpload,
  onRemove,
  onClose,
}: {
  playlist: Playlist;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();

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
    if (!file) return setError('Choose a JPG or PNG image.');
    if (!/^image\/(jpeg|png)$/.test(file.type)) return setError('Only JPG and PNG images are accepted.');
    void run(() => onUpload(file));
  };

  return (
    <Modal
      title="Change image"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-danger-outline" disabled={busy || playlist.thumbnailType === 'auto'} onClick={() => void run(onRemove)}>
            Remove image
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${inputId}-form`} className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={submit} className="change-image">
        {error && (
          <div className="form-alert form-alert--error" role="alert">
            <strong>{CHANGE_IMAGE_ERROR_HEADER}</strong>
            <p>{error}</p>
          </div>
        )}
        <label htmlFor={inputId} className="field-label">
          Cover image
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={hintId}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <p id={hintId} className="field-hint">
          JPG or PNG, at most 5 MB. About 300×300 pixels is recommended: images are stored at 300×300.
        </p>
      </form>
    </Modal>
  );
}
