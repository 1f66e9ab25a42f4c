import { msg, plural } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ImportCounts, ImportFormatName, MemberImport } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { isApiError } from '../../../lib/api';
import { APP_NAME } from '../../../lib/config';
import { paths, to } from '../../../lib/paths';
import { reveal } from '../../../lib/reveal';
import { startImport, useImportStatus } from '../api/imports';
import './imports.css';

/** Format names: brands as they are; the descriptive ones are messages (`formatName` gives the text). */
/* eslint-disable lingui/no-unlocalized-strings -- brand and app names stay as they are (i18n conventions) */
export const FORMAT_NAMES: Record<ImportFormatName, string | MessageDescriptor> = {
  TAKEOUT_CSV: 'Google Takeout (CSV)',
  TAKEOUT_ZIP: 'Google Takeout (.zip)',
  TAKEOUT_HISTORY: 'Google Takeout (watch history)',
  NEWPIPE_JSON: msg`NewPipe subscriptions`,
  NEWPIPE_ZIP: msg`NewPipe backup`,
  FREETUBE_DB: 'FreeTube',
  INVIDIOUS_JSON: 'Invidious',
  PIPED_JSON: 'Piped',
  LIBRETUBE_JSON: 'LibreTube',
  YOUTUBE_JSON: 'YouTube (.json)',
  OPML: 'OPML',
  SIFT_ZIP: msg`${APP_NAME} export`,
};
/* eslint-enable lingui/no-unlocalized-strings */

/** A format's name in the active language. */
export function formatName(format: ImportFormatName): string {
  const name = FORMAT_NAMES[format];
  return typeof name === 'string' ? name : i18n._(name);
}

/** Where each app keeps the file Sift reads (shown before choosing one). App names are brands: not translated. */
/* eslint-disable lingui/no-unlocalized-strings -- the app names are brands */
const SOURCES: ReadonlyArray<[app: string | MessageDescriptor, where: MessageDescriptor]> = [
  ['YouTube', msg`Google Takeout (takeout.google.com, YouTube): subscriptions.csv, a playlist’s CSV, or the whole .zip as it downloads`],
  ['NewPipe', msg`Settings → Backup and restore → Export database (.zip), or the subscriptions export (.json)`],
  ['FreeTube', msg`Settings → Data settings: the profiles, playlists or subscriptions export (.db)`],
  ['Invidious', msg`Settings → Import/Export: the data export (.json) or subscriptions as OPML`],
  ['Piped', msg`The subscriptions, playlists or groups export (.json)`],
  ['LibreTube', msg`Settings → Backup and restore → Create backup (.json)`],
  [msg`Feed readers`, msg`An OPML file of YouTube channel feeds`],
  [APP_NAME, msg`The “Everything (ZIP)” download of your profile`],
];
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * "Followed 3 channels, made 1 playlist, added 12 videos and made 1 sift." — or that nothing was new. In the active
 * language at call time; each part is a sentence fragment the translator words, the list joins with "and".
 */
export function summary(counts: ImportCounts): string {
  const parts = [
    counts.channels > 0 && plural(counts.channels, { one: 'followed # channel', other: 'followed # channels' }),
    counts.playlists > 0 && plural(counts.playlists, { one: 'made # playlist', other: 'made # playlists' }),
    counts.videos > 0 && plural(counts.videos, { one: 'added # video to playlists', other: 'added # videos to playlists' }),
    counts.sifts > 0 && plural(counts.sifts, { one: 'made # sift', other: 'made # sifts' }),
    counts.history > 0 && plural(counts.history, { one: 'added # video to your watch history', other: 'added # videos to your watch history' }),
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) return i18n._(msg`Nothing new: everything in this file was already here.`);
  const head = parts.slice(0, -1).join(', ');
  const last = parts[parts.length - 1]!;
  const text = parts.length === 1 ? last : i18n._(msg({ message: `${head} and ${last}`, comment: 'Joins the last of a list of import results: "followed 3 channels, made 1 playlist and made 1 sift"' }));
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The server's upload limit (IMPORT_LIMITS.maxFileBytes, 20 MiB): a larger file is refused before it is sent. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * "Import from a file" (issue 16 §2): one file from YouTube, NewPipe, FreeTube, Invidious, Piped, a feed reader or
 * Sift itself; the server finds the format from the content, and the progress, the outcome and every skipped row
 * show here while the import runs.
 */
export function FileImport({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ id: number; format: ImportFormatName } | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    if (file.size > MAX_FILE_BYTES) {
      // Years of Takeout history as an HTML page get this large (decisions/040): say what to send instead.
      setError(t`This file is larger than 20 MB. Upload the Google Takeout .zip as it was downloaded (it is about a tenth of the size), or choose JSON for the watch history when you make the export.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await startImport(file);
      setStarted({ id: result.id, format: result.format });
    } catch (err) {
      setError(isApiError(err) ? err.message : t`The file could not be sent. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="file-import" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="file-import-title">
        <Trans>Import from a file</Trans>
      </Heading>
      <p className="file-import-intro">
        <Trans>Bring your subscriptions, playlists, Watch later and groups of channels from another app. {APP_NAME} reads:</Trans>
      </p>
      <ul className="file-import-sources">
        {SOURCES.map(([app, where]) => (
          <li key={where.id}>
            <strong>{typeof app === 'string' ? app : i18n._(app)}</strong> — <span className="muted">{i18n._(where)}</span>
          </li>
        ))}
      </ul>
      <form className="file-import-form" onSubmit={(e) => void submit(e)}>
        <label className="file-import-label" htmlFor={`${id}-file`}>
          <Trans>File to import</Trans>
        </label>
        <input
          id={`${id}-file`}
          className="file-import-input"
          type="file"
          accept=".csv,.zip,.json,.db,.opml,.xml,.txt"
          aria-describedby={`${id}-limits`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <p id={`${id}-limits`} className="file-import-limits muted">
          <Trans>At most 20 MB. Importing the same file again adds nothing twice.</Trans>
        </p>
        <button type="submit" className="btn btn-primary" disabled={!file || busy}>
          {busy ? t`Sending…` : t({ message: 'Import', context: 'verb' })}
        </button>
      </form>
      {error && (
        <div className="form-alert form-alert--error" role="alert">
          {error}
        </div>
      )}
      {started && <ImportProgress key={started.id} importId={started.id} format={started.format} />}
    </section>
  );
}

function ImportProgress({ importId, format }: { importId: number; format: ImportFormatName }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const name = formatName(format);
  const { data, error } = useImportStatus(importId);
  const status: MemberImport['status'] = data?.status ?? 'PENDING';
  const progress = status === 'CREATED' ? 100 : (data?.progress ?? 0);
  const done = status === 'CREATED' || status === 'FAILED';

  // What the import made shows everywhere at once: follows, playlists, sifts, the feed.
  useEffect(() => {
    if (done) void qc.invalidateQueries();
  }, [done, qc]);

  // It appears under the form, below the fold of a laptop's screen: brought into view as it starts.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) reveal(ref.current);
  }, []);

  return (
    <div className="import-progress" ref={ref}>
      <p className="import-progress-format">
        {status === 'CREATED' ? t`${name} file imported` : status === 'FAILED' ? t`${name} file not fully imported` : t`${name} file being imported`}
      </p>
      <div className="import-bar" role="progressbar" aria-label={t`Import progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <span className={`import-bar-fill${status === 'FAILED' ? ' import-bar-fill--failed' : ''}`} style={{ width: `${progress}%` }} />
      </div>
      <p className="import-progress-status" aria-live="polite">
        {status === 'PENDING' && t`Waiting to start…`}
        {status === 'PROCESSING' && t`Importing… ${progress}%`}
        {status === 'CREATED' && data && summary(data.counts)}
      </p>
      {status === 'FAILED' && data?.error && (
        <div className="form-alert form-alert--error" role="alert">
          {data.error}
        </div>
      )}
      {error && !data && (
        <div className="form-alert form-alert--error" role="alert">
          {isApiError(error) ? error.message : t`The import’s progress could not be read.`}
        </div>
      )}
      {status === 'CREATED' && data && (
        <p className="import-progress-links">
          {data.counts.channels > 0 && (
            <AppLink to={paths.feed} className="btn btn-secondary">
              <Trans>Open my feed</Trans>
            </AppLink>
          )}
          {(data.counts.playlists > 0 || data.counts.videos > 0) && (
            <AppLink to={paths.playlists} className="btn btn-secondary">
              <Trans>My playlists</Trans>
            </AppLink>
          )}
          {data.counts.sifts > 0 && (
            <AppLink to={paths.sifts} className="btn btn-secondary">
              <Trans>My sifts</Trans>
            </AppLink>
          )}
          {data.counts.channels === 0 && data.counts.playlists === 0 && data.counts.videos === 0 && data.counts.sifts === 0 && data.counts.history === 0 && (
            <AppLink to={to.home()} className="btn btn-secondary">
              <Trans>Browse the latest videos</Trans>
            </AppLink>
          )}
        </p>
      )}
      {data && data.skipped.length > 0 && (
        <details className="import-skipped">
          <summary>
            {done ? (
              <Plural value={data.skipped.length} one="# item skipped" other="# items skipped" />
            ) : (
              <Plural value={data.skipped.length} one="# item skipped so far" other="# items skipped so far" />
            )}
          </summary>
          <ul>
            {data.skipped.map((s, i) => (
              <li key={i}>
                <span className="import-skipped-item">{s.item}</span> — <span className="muted">{s.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
