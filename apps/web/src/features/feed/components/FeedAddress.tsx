import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { useNotify } from '../../../components/Notifications';
import { formatDate } from '../../../lib/format';
import { createFeedToken, deleteFeedToken, feedTokenKey, useFeedTokenStatus } from '../api/feed-token';
import '../feed.css';

type Dialog = 'reset' | 'off' | null;

/**
 * Profile: the private address of the personal feed as Atom (GET /api/feeds/personal/{token}/feed.atom), for feed
 * readers, which cannot log in. Only the token's hash is stored, so the address is shown once, when made (with
 * Copy); after that the section says since when one exists and offers to reset it (the old one stops working) or
 * to turn it off.
 */
export function FeedAddress() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const status = useFeedTokenStatus();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const exists = status.data?.exists ?? false;
  const made = status.data?.createdAt ? formatDate(status.data.createdAt) : '';

  // The address just made: focus it (selected), so it can be copied at once and a screen reader reads it.
  useEffect(() => {
    if (url) inputRef.current?.select();
  }, [url]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      await qc.invalidateQueries({ queryKey: feedTokenKey });
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  const create = () =>
    run(async () => {
      const made = await createFeedToken();
      setUrl(made.url);
      notify(exists ? t`New feed reader address made` : t`Feed reader address made`);
    });
  const turnOff = () =>
    run(async () => {
      await deleteFeedToken();
      setUrl(null);
      notify(t`Feed reader address turned off`);
    });

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify(t`Address copied to clipboard`);
    } catch {
      inputRef.current?.select();
      notify(t`Press Ctrl+C (⌘C) to copy the selected address`);
    }
  }

  return (
    <section className="section feed-address" aria-labelledby="feed-address-heading">
      <div className="section-head">
        <h2 id="feed-address-heading">
          <Trans>Feed reader address</Trans>
        </h2>
      </div>
      <p className="feed-address-intro">
        <Trans>
          Read your feed — the new videos of the channels and sifts you follow — in any feed reader (RSS / Atom). The
          address is private: whoever has it can read your feed, so keep it to yourself.
        </Trans>
      </p>
      {status.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {status.isError && (
        <FormAlert>
          <Trans>Error returning results.</Trans>
        </FormAlert>
      )}
      {url && (
        <div className="feed-address-made">
          <div className="field">
            <label htmlFor={inputId} className="field-label">
              <Trans>Your feed reader address</Trans>
            </label>
            <div className="feed-address-copy">
              <input ref={inputRef} id={inputId} type="text" readOnly value={url} aria-describedby={hintId} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn-primary" onClick={() => void copy()}>
                <Trans context="verb">Copy</Trans>
              </button>
            </div>
            <p id={hintId} className="field-hint">
              <Trans>Copy it now and paste it into your feed reader: it is shown only this once.</Trans>
            </p>
          </div>
        </div>
      )}
      {status.data && !url && (
        <p className="muted" role="status">
          {exists && status.data.createdAt ? (
            <Trans>You made an address on {made}. It is shown only when made: if you no longer have it, reset it.</Trans>
          ) : (
            <Trans>You have no feed reader address.</Trans>
          )}
        </p>
      )}
      {status.data && (
        <div className="feed-address-actions">
          {exists ? (
            <>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setDialog('reset')}>
                <Trans>Reset address</Trans>
              </button>
              <button type="button" className="btn btn-danger-outline" disabled={busy} onClick={() => setDialog('off')}>
                <Trans>Turn off</Trans>
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
              <Trans>Create address</Trans>
            </button>
          )}
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {dialog === 'reset' && (
        <ConfirmDialog
          title={t`Reset the feed reader address?`}
          message={t`The current address stops working at once: feed readers that use it get nothing new until you give them the new address.`}
          confirmLabel={t`Yes, reset`}
          onConfirm={() => void create()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'off' && (
        <ConfirmDialog
          title={t`Turn the feed reader address off?`}
          message={t`The address stops working at once, and no new one is made. You can make a new one at any time.`}
          confirmLabel={t`Yes, turn off`}
          danger
          onConfirm={() => void turnOff()}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
