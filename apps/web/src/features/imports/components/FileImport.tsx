import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ImportCounts, ImportFormatName, MemberImport } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { startImport, useImportStatus } from '../api/imports';
import './imports.css';

export const FORMAT_NAMES: Record<ImportFormatName, string> = {
  TAKEOUT_CSV: 'Google Takeout (CSV)',
  TAKEOUT_ZIP: 'Google Takeout (.zip)',
  NEWPIPE_JSON: 'NewPipe subscriptions',
  NEWPIPE_ZIP: 'NewPipe backup',
  FREETUBE_DB: 'FreeTube',
  INVIDIOUS_JSON: 'Invidious',
  PIPED_JSON: 'Piped',
  OPML: 'OPML',
  SIFT_ZIP: 'Sift export',
};

/** Where each app keeps the file Sift reads (shown before choosing one). */
const SOURCES: ReadonlyArray<[app: string, where: string]> = [
  ['YouTube', 'Google Takeout (takeout.google.com, YouTube): subscriptions.csv, a playlist’s CSV, or the whole .zip as it downloads'],
  ['NewPipe', 'Settings → Backup and restore → Export database (.zip), or the subscriptions export (.json)'],
  ['FreeTube', 'Settings → Data settings: the profiles, playlists or subscriptions export (.db)'],
  ['Invidious', 'Settings → Import/Export: the data export (.json) or subscriptions as OPML'],
  ['Piped', 'The subscriptions, playlists or groups export (.json)'],
  ['Feed readers', 'An OPML file of YouTube channel feeds'],
  ['Sift', 'The “Everything (ZIP)” download of your profile'],
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Followed 3 channels, made 1 playlist, added 12 videos and made 1 sift." — or that nothing was new. */
export function summary(counts: ImportCounts): string {
  const parts = [
    counts.channels > 0 && `followed ${plural(counts.channels, 'channel', 'channels')}`,
    counts.playlists > 0 && `made ${plural(counts.playlists, 'playlist', 'playlists')}`,
    counts.videos > 0 && `added ${plural(counts.videos, 'video', 'videos')} to playlists`,
    counts.sifts > 0 && `made ${plural(counts.sifts, 'sift', 'sifts')}`,
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) return 'Nothing new: everything in this file was already here.';
  const text = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * "Import from a file" (issue 16 §2): one file from YouTube, NewPipe, FreeTube, Invidious, Piped, a feed reader or
 * Sift itself; the server finds the format from the content, and the progress, the outcome and every skipped row
 * show here while the import runs.
 */
export function FileImport({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ id: number; format: ImportFormatName } | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await startImport(file);
      setStarted({ id: result.id, format: result.format });
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The file could not be sent. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="file-import" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="file-import-title">
        Import from a file
      </Heading>
      <p className="file-import-intro">Bring your subscriptions, playlists, Watch later and groups of channels from another app. Sift reads:</p>
      <ul className="file-import-sources">
        {SOURCES.map(([app, where]) => (
          <li key={app}>
            <strong>{app}</strong> — <span className="muted">{where}</span>
          </li>
        ))}
      </ul>
      <form className="file-import-form" onSubmit={(e) => void submit(e)}>
        <label className="file-import-label" htmlFor={`${id}-file`}>
          Export file
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
          At most 20 MB. Importing the same file again adds nothing twice.
        </p>
        <button type="submit" className="btn btn-primary" disabled={!file || busy}>
          {busy ? 'Sending…' : 'Import'}
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
  const qc = useQueryClient();
  const { data, error } = useImportStatus(importId);
  const status: MemberImport['status'] = data?.status ?? 'PENDING';
  const progress = status === 'CREATED' ? 100 : (data?.progress ?? 0);
  const done = status === 'CREATED' || status === 'FAILED';

  // What the import made shows everywhere at once: follows, playlists, sifts, the feed.
  useEffect(() => {
    if (done) void qc.invalidateQueries();
  }, [done, qc]);

  return (
    <div className="import-progress">
      <p className="import-progress-format">
        {FORMAT_NAMES[format]} file {status === 'CREATED' ? 'imported' : status === 'FAILED' ? 'not fully imported' : 'being imported'}
      </p>
      <div className="import-bar" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <span className={`import-bar-fill${status === 'FAILED' ? ' import-bar-fill--failed' : ''}`} style={{ width: `${progress}%` }} />
      </div>
      <p className="import-progress-status" aria-live="polite">
        {status === 'PENDING' && 'Waiting to start…'}
        {status === 'PROCESSING' && `Importing… ${progress}%`}
        {status === 'CREATED' && data && summary(data.counts)}
      </p>
      {status === 'FAILED' && data?.error && (
        <div className="form-alert form-alert--error" role="alert">
          {data.error}
        </div>
      )}
      {error && !data && (
        <div className="form-alert form-alert--error" role="alert">
          {isApiError(error) ? error.message : 'The import’s progress could not be read.'}
        </div>
      )}
      {status === 'CREATED' && data && (
        <p className="import-progress-links">
          {data.counts.channels > 0 && (
            <AppLink to={paths.feed} className="btn btn-secondary">
              Open my feed
            </AppLink>
          )}
          {(data.counts.playlists > 0 || data.counts.videos > 0) && (
            <AppLink to={paths.playlists} className="btn btn-secondary">
              My playlists
            </AppLink>
          )}
          {data.counts.sifts > 0 && (
            <AppLink to={paths.sifts} className="btn btn-secondary">
              My sifts
            </AppLink>
          )}
          {data.counts.channels === 0 && data.counts.playlists === 0 && data.counts.videos === 0 && data.counts.sifts === 0 && (
            <AppLink to={to.home()} className="btn btn-secondary">
              Browse the latest videos
            </AppLink>
          )}
        </p>
      )}
      {data && data.skipped.length > 0 && (
        <details className="import-skipped">
          <summary>
            {plural(data.skipped.length, 'item', 'items')} skipped{done ? '' : ' so far'}
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
