import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Icon } from '../../../components/Icon';
import { useNotify } from '../../../components/Notifications';
import { paths } from '../../../lib/paths';
import { downloadExport, type ExportKind } from '../api/exports';
import './profile.css';

interface ExportChoice {
  kind: ExportKind;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  /** Only the channels the member follows: shown with the subscription option on. */
  follows: boolean;
}

const CHOICES: ExportChoice[] = [
  {
    kind: 'opml',
    label: msg`Subscriptions (OPML)`,
    hint: msg`The channels you follow, as YouTube feeds: for any feed reader, Invidious or FreeTube.`,
    follows: true,
  },
  {
    kind: 'newPipe',
    label: msg`Subscriptions for NewPipe`,
    hint: msg`The channels you follow, in the file NewPipe imports ("Import from previous export").`,
    follows: true,
  },
  {
    kind: 'data',
    label: msg`Everything (ZIP)`,
    hint: msg`Your profile, follows, playlists (Watch later too) and sifts, as JSON with a read-me. Sift can import it back.`,
    follows: false,
  },
];

/**
 * Profile: "Your data" (issue 16 §3 "Take it out"): the member's exports, their watch history and the import page. Each is fetched with the member's token
 * and saved as a file; a button per export, its line explaining what the file holds.
 */
export function YourData({ subscriptionsEnabled = true }: { subscriptionsEnabled?: boolean }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const baseId = useId();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = CHOICES.filter((c) => subscriptionsEnabled || !c.follows);

  async function download(choice: ExportChoice) {
    setBusy(choice.kind);
    setError(null);
    try {
      await downloadExport(choice.kind);
      const label = i18n._(choice.label);
      notify(t`${label}: download started`);
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="section your-data" aria-labelledby={`${baseId}-heading`}>
      <div className="section-head">
        <h2 id={`${baseId}-heading`}>
          <Trans>Your data</Trans>
        </h2>
      </div>
      <p className="your-data-intro">
        <Trans>Download what you have on Sift, to keep it or to take it to another app.</Trans>
      </p>
      <ul className="your-data-list">
        {choices.map((choice) => {
          const hintId = `${baseId}-${choice.kind}-hint`;
          const pending = busy === choice.kind;
          return (
            <li key={choice.kind} className="your-data-row">
              <button
                type="button"
                className="btn btn-secondary your-data-button"
                aria-describedby={hintId}
                aria-busy={pending || undefined}
                disabled={busy !== null}
                onClick={() => void download(choice)}
              >
                <Icon name="import" size={18} />
                <span>{pending ? <Trans>Preparing…</Trans> : i18n._(choice.label)}</span>
              </button>
              <p id={hintId} className="muted your-data-hint">
                {i18n._(choice.hint)}
              </p>
            </li>
          );
        })}
        {/* Issue 30: the watch history is the member's data too; it is seen, searched, removed and paused on its page. */}
        <li className="your-data-row">
          <AppLink to={paths.history} className="btn btn-secondary your-data-button" aria-describedby={`${baseId}-history-hint`}>
            <Icon name="history" size={18} />
            <span>
              <Trans>Watch history</Trans>
            </span>
          </AppLink>
          <p id={`${baseId}-history-hint`} className="muted your-data-hint">
            <Trans>What you watched and where you stopped: search it, remove videos, clear it or pause it on your History page.</Trans>
          </p>
        </li>
        {/* Issue 31: bringing data in is the other half of "Your data"; the import page was not reachable from here. */}
        <li className="your-data-row">
          <AppLink to={paths.importYoutubeChannels} className="btn btn-secondary your-data-button" aria-describedby={`${baseId}-import-hint`}>
            <Icon name="plus" size={18} />
            <span>
              <Trans>Import from another app</Trans>
            </span>
          </AppLink>
          <p id={`${baseId}-import-hint`} className="muted your-data-hint">
            <Trans>Bring in what you follow and keep elsewhere: from your YouTube account, or an export file of YouTube, NewPipe, FreeTube or another Sift.</Trans>
          </p>
        </li>
      </ul>
      {error && <FormAlert>{error}</FormAlert>}
    </section>
  );
}
