import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AccountChannel, AccountChannelsFollowed, AccountPlaylist, AccountPlaylistImport } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { Avatar } from '../../../components/Cards';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/Form';
import { useNotify } from '../../../components/Notifications';
import { isApiError } from '../../../lib/api';
import { APP_NAME } from '../../../lib/config';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import {
  defaultChannelSelection,
  followableChannels,
  followSummary,
  importFailedText,
  importStatusText,
  isPickable,
  markFollowed,
  playlistRow,
  toggled,
  withImport,
  withoutImport,
  type PlaylistRow,
} from '../account-lists';
import {
  authorizationUrl,
  disconnectYouTube,
  followAccountChannels,
  importAccountPlaylists,
  invalidateAllButAccount,
  isPermissionLapsed,
  removeImportedPlaylist,
  resetAccount,
  useAccountChannels,
  useAccountPlaylists,
  usePlaylistImportStatus,
  useYouTubeAccount,
  useYouTubeStatus,
  youtubeAccountKeys,
} from '../api/youtube-account';
import { isImportFinished } from '../polling';
import { connectFailureText, connectOutcomeOf, youtubeReturn, type ConnectOutcome } from '../youtube-connect';
import './imports.css';

export type AccountView = 'channels' | 'playlists';

const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/**
 * "From your YouTube account" (issue 16 §1): connect the account over OAuth (Google asks the member for read-only
 * access), then pick subscriptions to follow or playlists to import. The video-service user status (SPEC §4) decides
 * what shows: not connected → why and a Connect button; OFFLINE (the permission check, or any read, failed) → the
 * permission lapsed, connect again; ONLINE → the lists. Servers without the feature say so (or, in the onboarding,
 * show nothing).
 */
export function YouTubeAccountImport({ view, headingLevel = 2, inOnboarding = false }: { view: AccountView; headingLevel?: 2 | 3; inOnboarding?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const qc = useQueryClient();
  const notify = useNotify();
  const location = useLocation();
  const navigate = useNavigate();
  const account = useYouTubeAccount();
  const connected = !!account.data?.enabled && account.data.connected;
  const status = useYouTubeStatus(connected);
  const [lapsed, setLapsed] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  // What the callback carried here (once: the navigation state is dropped so a reload does not show it again).
  const [outcome, setOutcome] = useState<ConnectOutcome | null>(() => connectOutcomeOf(location.state));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [importStatus, setImportStatus] = usePreference('import_status');
  const userStatus = connected && !lapsed && status.data?.status === 'ONLINE' ? 'ONLINE' : 'OFFLINE';

  // SPEC §3 "import status, per provider": the video-service user status last seen, kept with the preferences.
  useEffect(() => {
    if (account.data && importStatus['youtube'] !== userStatus) setImportStatus({ ...importStatus, youtube: userStatus });
  }, [account.data, importStatus, setImportStatus, userStatus]);

  useEffect(() => {
    if (connectOutcomeOf(location.state)) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [location, navigate]);

  if (inOnboarding && !account.data?.enabled) return null;

  const online = userStatus === 'ONLINE';
  const onLapsed = () => {
    setLapsed(true);
    qc.removeQueries({ queryKey: youtubeAccountKeys.status() });
  };
  const disconnect = async () => {
    setDisconnectError(null);
    try {
      await disconnectYouTube();
      setOutcome(null);
      setLapsed(false);
      notify(t`Your YouTube account is disconnected`);
      await resetAccount(qc);
    } catch (err) {
      setDisconnectError(messageOf(err, t`Your YouTube account could not be disconnected. Try again.`));
    }
  };
  const disconnectButton = (
    <button type="button" className="btn btn-secondary yt-btn-sm" onClick={() => setConfirmDisconnect(true)}>
      <Trans>Disconnect</Trans>
    </button>
  );

  let body: ReactNode;
  if (account.isPending) {
    body = (
      <Working>
        <Trans>Checking your YouTube account…</Trans>
      </Working>
    );
  } else if (account.isError) {
    body = (
      <div className="yt-account-panel">
        <FormAlert>{messageOf(account.error, t`Whether you connected a YouTube account could not be read.`)}</FormAlert>
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => void account.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  } else if (!account.data.enabled) {
    body = (
      <p className="yt-account-text">
        <Trans>
          Importing straight from a YouTube account is not set up on this {APP_NAME}. The Google Takeout file below brings
          your subscriptions, playlists and Watch later instead.
        </Trans>
      </p>
    );
  } else if (!connected) {
    body = (
      <div className="yt-account-panel">
        <p className="yt-account-text">
          <Trans>
            Follow the channels you subscribe to on YouTube and bring your playlists, in a few clicks. {APP_NAME} asks Google
            for read-only access to your subscriptions and playlists; it never posts or changes anything.
          </Trans>
        </p>
        <ConnectButton label={t`Connect YouTube account`} />
      </div>
    );
  } else if (status.isPending && !lapsed) {
    body = (
      <Working>
        <Trans>Checking {APP_NAME}’s permission to read your YouTube account…</Trans>
      </Working>
    );
  } else if (!online) {
    // SPEC §8: any failure of the permission check is OFFLINE, and the app asks for the permission again.
    body = (
      <div className="yt-account-panel yt-account-lapsed">
        <p className="yt-account-text">
          <Trans>
            <strong>{APP_NAME}’s permission to read your YouTube account has lapsed.</strong> It was withdrawn in your Google
            account, or it expired. Connect again to carry on.
          </Trans>
        </p>
        <div className="yt-account-actions">
          <ConnectButton label={t`Connect again`} />
          {disconnectButton}
        </div>
      </div>
    );
  } else {
    body = (
      <>
        <div className="yt-account-bar">
          <p className="yt-account-connected">
            <span className="yt-dot" aria-hidden="true" /> <Trans>Connected to YouTube</Trans>
          </p>
          {disconnectButton}
        </div>
        {view === 'channels' ? <ChannelsPicker onLapsed={onLapsed} /> : <PlaylistsPicker onLapsed={onLapsed} />}
      </>
    );
  }

  const failure = outcome?.kind === 'failed' ? connectFailureText(outcome) : null;
  return (
    <section className="yt-account" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="yt-account-title">
        <Trans>From your YouTube account</Trans>
      </Heading>
      {!inOnboarding && account.data?.enabled && <AccountTabs view={view} />}
      {failure && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{failure.text}</p>
          {failure.retry && online && <ConnectButton label={t`Try again`} secondary />}
        </div>
      )}
      {outcome?.kind === 'connected' && online && (
        <FormAlert kind="success">
          <Trans>Your YouTube account is connected.</Trans>
        </FormAlert>
      )}
      {disconnectError && <FormAlert>{disconnectError}</FormAlert>}
      {body}
      {account.data?.enabled && (
        <p className="yt-account-note muted">
          {inOnboarding ? (
            <Trans>Watch later and History can’t be read through YouTube’s API. To bring them, use the Google Takeout file below.</Trans>
          ) : (
            <Trans>
              Watch later and History can’t be read through YouTube’s API. To bring them, use the Google Takeout file in “Import
              from a file” below.
            </Trans>
          )}
        </p>
      )}
      {confirmDisconnect && (
        <ConfirmDialog
          title={t`Disconnect your YouTube account?`}
          message={t`${APP_NAME} asks Google to withdraw its permission and forgets it. The channels you followed and the playlists you imported stay in ${APP_NAME}.`}
          confirmLabel={t`Disconnect`}
          danger
          onConfirm={() => void disconnect()}
          onClose={() => setConfirmDisconnect(false)}
        />
      )}
    </section>
  );
}

function Working({ children }: { children: ReactNode }) {
  return (
    <p className="yt-account-working spinner-line" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Channels | Playlists: the two import routes, as a tab-like switch of links. */
function AccountTabs({ view }: { view: AccountView }) {
  const { t } = useLingui();
  const tabs: ReadonlyArray<[AccountView, string, string]> = [
    ['channels', t`Channels`, paths.importYoutubeChannels],
    ['playlists', t`Playlists`, paths.importYoutubePlaylists],
  ];
  return (
    <nav className="yt-tabs" aria-label={t`What to import from YouTube`}>
      {tabs.map(([key, label, path]) => (
        <AppLink key={key} to={path} className="yt-tab" aria-current={view === key ? 'page' : undefined}>
          {label}
        </AppLink>
      ))}
    </nav>
  );
}

/** Off to Google's consent page; where the member started is kept for the way back. */
function ConnectButton({ label, secondary }: { label: string; secondary?: boolean }) {
  const { t } = useLingui();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await authorizationUrl();
      youtubeReturn.remember(location.pathname + location.search);
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      setError(messageOf(err, t`Google’s page could not be opened. Check your connection and try again.`));
    }
  };
  return (
    <>
      <button type="button" className={`btn ${secondary ? 'btn-secondary' : 'btn-primary'} yt-connect`} disabled={busy} aria-busy={busy || undefined} onClick={() => void go()}>
        {busy && <span className="spinner spinner--sm" aria-hidden="true" />}
        {busy ? t`Opening Google…` : label}
      </button>
      {error && <FormAlert>{error}</FormAlert>}
    </>
  );
}

function ListTools({ onAll, onNone, summary }: { onAll: () => void; onNone: () => void; summary: string }) {
  return (
    <div className="yt-pick-tools">
      <button type="button" className="btn btn-secondary yt-btn-sm" onClick={onAll}>
        <Trans>Select all</Trans>
      </button>
      <button type="button" className="btn btn-secondary yt-btn-sm" onClick={onNone}>
        <Trans>Select none</Trans>
      </button>
      <span className="yt-pick-count muted">{summary}</span>
    </div>
  );
}

// ---- channels ----------------------------------------------------------------------------------------------

function ChannelsPicker({ onLapsed }: { onLapsed: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const qc = useQueryClient();
  const list = useAccountChannels(true);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AccountChannelsFollowed | null>(null);

  useEffect(() => {
    if (isPermissionLapsed(list.error)) onLapsed();
  }, [list.error, onLapsed]);

  if (list.isPending)
    return (
      <Working>
        <Trans>Reading your YouTube subscriptions…</Trans>
      </Working>
    );
  if (list.isError) return <ListUnread error={list.error} what="subscriptions" retry={() => void list.refetch()} />;

  const items = list.data.items;
  const followable = followableChannels(items);
  const selected = picked ?? defaultChannelSelection(items);
  const chosen = followable.filter((c) => selected.has(c.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || chosen.length === 0) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await followAccountChannels(chosen);
      const asked = new Set(chosen.map((c) => c.id));
      qc.setQueryData(youtubeAccountKeys.channels(), { ...list.data, items: markFollowed(items, asked, answer) });
      setPicked(new Set());
      setResult(answer);
      void invalidateAllButAccount(qc);
    } catch (err) {
      if (isPermissionLapsed(err)) onLapsed();
      else setError(messageOf(err, t`The channels could not be followed. Try again.`));
    } finally {
      setBusy(false);
    }
  };

  if (items.length === 0)
    return (
      <p className="yt-account-text">
        <Trans>Your YouTube account subscribes to no channels yet.</Trans>
      </p>
    );
  const total = items.length;
  const chosenCount = chosen.length;
  const followableCount = followable.length;

  return (
    <form className="yt-pick" onSubmit={(e) => void submit(e)}>
      <fieldset className="yt-pick-fieldset">
        <legend className="yt-pick-legend">
          <Trans>Your YouTube subscriptions ({total})</Trans>
        </legend>
        <p className="yt-pick-hint muted">
          <Trans>Pick the channels to follow in {APP_NAME}. Channels you already follow are marked.</Trans>
        </p>
        <ListTools
          onAll={() => setPicked(new Set(followable.map((c) => c.id)))}
          onNone={() => setPicked(new Set())}
          summary={t`${chosenCount} of ${followableCount} selected`}
        />
        <ul className="yt-pick-list" aria-label={t`Your YouTube subscriptions`}>
          {items.map((channel) => (
            <ChannelItem key={channel.id} channel={channel} inputId={`${id}-${channel.id}`} checked={channel.follow || selected.has(channel.id)} onChange={(on) => setPicked(toggled(selected, channel.id, on))} />
          ))}
        </ul>
      </fieldset>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="yt-pick-submit">
        <button type="submit" className="btn btn-primary" disabled={busy || chosen.length === 0} aria-busy={busy || undefined}>
          {busy && <span className="spinner spinner--sm" aria-hidden="true" />}
          {busy ? t`Following…` : plural(chosen.length, { one: 'Follow # channel', other: 'Follow # channels' })}
        </button>
      </div>
      <div role="status" className="yt-result-region">
        {result && <FollowResult result={result} />}
      </div>
    </form>
  );
}

function ChannelItem({ channel, inputId, checked, onChange }: { channel: AccountChannel; inputId: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <li className="yt-pick-item">
      <input id={inputId} type="checkbox" className="yt-check" checked={checked} disabled={channel.follow} onChange={(e) => onChange(e.currentTarget.checked)} />
      <label htmlFor={inputId} className="yt-pick-label">
        <Avatar src={channel.thumbnail} size={40} name={channel.name} />
        <span className="yt-pick-name">{channel.name}</span>
        {channel.follow && (
          <span className="yt-badge">
            <Trans>Following</Trans>
          </span>
        )}
      </label>
    </li>
  );
}

function FollowResult({ result }: { result: AccountChannelsFollowed }) {
  return (
    <div className="form-alert form-alert--success yt-result">
      <p>{followSummary(result)}</p>
      {result.skipped.length > 0 && (
        <details className="import-skipped">
          <summary>
            <Plural value={result.skipped.length} one="# channel skipped" other="# channels skipped" />
          </summary>
          <ul>
            {result.skipped.map((s, i) => (
              <li key={i}>
                <span className="import-skipped-item">{s.item}</span> — <span className="muted">{s.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.followed > 0 && (
        <p className="import-progress-links">
          <AppLink to={paths.feed} className="btn btn-secondary">
            <Trans>Open my feed</Trans>
          </AppLink>
          <AppLink to={paths.profile} className="btn btn-secondary">
            <Trans>My profile</Trans>
          </AppLink>
        </p>
      )}
    </div>
  );
}

// ---- playlists ---------------------------------------------------------------------------------------------

function PlaylistsPicker({ onLapsed }: { onLapsed: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const qc = useQueryClient();
  const notify = useNotify();
  const list = useAccountPlaylists(true);
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const [live, setLive] = useState<Record<string, AccountPlaylistImport>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<{ item: AccountPlaylist; playlistId: number } | null>(null);

  useEffect(() => {
    if (isPermissionLapsed(list.error)) onLapsed();
  }, [list.error, onLapsed]);

  if (list.isPending)
    return (
      <Working>
        <Trans>Reading your YouTube playlists…</Trans>
      </Working>
    );
  if (list.isError) return <ListUnread error={list.error} what="playlists" retry={() => void list.refetch()} />;

  const items = list.data.items;
  const rows = items.map((item) => ({ item, row: playlistRow(item, live[item.id]) }));
  const pickable = rows.filter((r) => isPickable(r.row)).map((r) => r.item);
  const chosen = pickable.filter((p) => picked.has(p.id));
  const setList = (next: AccountPlaylist[]) => qc.setQueryData(youtubeAccountKeys.playlists(), { ...list.data, items: next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || chosen.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await importAccountPlaylists(chosen.map((p) => p.id));
      // A playlist imported before (then removed) starts its polling afresh.
      for (const started of answer.items) qc.removeQueries({ queryKey: youtubeAccountKeys.playlistImport(started.id) });
      setLive((current) => ({ ...current, ...Object.fromEntries(answer.items.map((i) => [i.id, i])) }));
      setPicked(new Set());
      setAnnouncement(plural(answer.items.length, { one: 'Importing # playlist…', other: 'Importing # playlists…' }));
    } catch (err) {
      if (isPermissionLapsed(err)) onLapsed();
      else setError(messageOf(err, t`The playlists could not be imported. Try again.`));
    } finally {
      setBusy(false);
    }
  };

  const finished = (done: AccountPlaylistImport) => {
    setLive((current) => ({ ...current, [done.id]: done }));
    const latest = qc.getQueryData<typeof list.data>(youtubeAccountKeys.playlists());
    if (latest) qc.setQueryData(youtubeAccountKeys.playlists(), { ...latest, items: withImport(latest.items, done) });
    if (done.status === 'FAILED') notify(importFailedText(done.name));
    else {
      const name = done.name;
      setAnnouncement(t`${name} imported.`);
    }
    void invalidateAllButAccount(qc);
  };

  const remove = async (item: AccountPlaylist, playlistId: number) => {
    const name = item.name;
    setError(null);
    try {
      await removeImportedPlaylist(playlistId);
      qc.removeQueries({ queryKey: youtubeAccountKeys.playlistImport(item.id) });
      setLive(({ [item.id]: _gone, ...rest }) => rest);
      setList(withoutImport(items, item.id));
      notify(t`Playlist ${name} deleted`);
      void invalidateAllButAccount(qc);
    } catch (err) {
      setError(messageOf(err, t`${name} could not be removed. Try again.`));
    }
  };

  if (items.length === 0)
    return (
      <p className="yt-account-text">
        <Trans>Your YouTube account has no playlists {APP_NAME} can read.</Trans>
      </p>
    );
  const total = items.length;
  const chosenCount = chosen.length;
  const pickableCount = pickable.length;
  const removingName = removing?.item.name;

  return (
    <form className="yt-pick" onSubmit={(e) => void submit(e)}>
      <fieldset className="yt-pick-fieldset">
        <legend className="yt-pick-legend">
          <Trans>Your YouTube playlists ({total})</Trans>
        </legend>
        <p className="yt-pick-hint muted">
          <Trans>Each playlist you import becomes a private playlist in {APP_NAME}, with its videos in the same order.</Trans>
        </p>
        {pickable.length > 0 && (
          <ListTools onAll={() => setPicked(new Set(pickable.map((p) => p.id)))} onNone={() => setPicked(new Set())} summary={t`${chosenCount} of ${pickableCount} selected`} />
        )}
        <ul className="yt-pick-list" aria-label={t`Your YouTube playlists`}>
          {rows.map(({ item, row }) => (
            <PlaylistItem
              key={item.id}
              item={item}
              row={row}
              inputId={`${id}-${item.id}`}
              checked={picked.has(item.id)}
              onChange={(on) => setPicked(toggled(picked, item.id, on))}
              onFinished={finished}
              onRemove={(playlistId) => setRemoving({ item, playlistId })}
            />
          ))}
        </ul>
      </fieldset>
      {error && <FormAlert>{error}</FormAlert>}
      {pickable.length > 0 && (
        <div className="yt-pick-submit">
          <button type="submit" className="btn btn-primary" disabled={busy || chosen.length === 0} aria-busy={busy || undefined}>
            {busy && <span className="spinner spinner--sm" aria-hidden="true" />}
            {busy ? t`Starting…` : plural(chosen.length, { one: 'Import # playlist', other: 'Import # playlists' })}
          </button>
        </div>
      )}
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {removing && (
        <ConfirmDialog
          title={t`Remove ${removingName}?`}
          message={t`Are you sure you want to delete this playlist? The playlist ${APP_NAME} made from it goes; it stays on YouTube, and you can import it again.`}
          confirmLabel={t`Remove`}
          danger
          onConfirm={() => void remove(removing.item, removing.playlistId)}
          onClose={() => setRemoving(null)}
        />
      )}
    </form>
  );
}

function PlaylistItem({
  item,
  row,
  inputId,
  checked,
  onChange,
  onFinished,
  onRemove,
}: {
  item: AccountPlaylist;
  row: PlaylistRow;
  inputId: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  onFinished: (done: AccountPlaylistImport) => void;
  onRemove: (playlistId: number) => void;
}) {
  const { t } = useLingui();
  const pickable = isPickable(row);
  const name = item.name;
  const videos = item.numberOfVideos;
  const content = (
    <>
      {item.thumbnail ? <img className="yt-thumb" src={item.thumbnail} alt="" width={64} height={36} loading="lazy" decoding="async" /> : <span className="yt-thumb" aria-hidden="true" />}
      <span className="yt-pick-text">
        <span className="yt-pick-name">{item.name}</span>
        <span className="yt-pick-meta muted">
          {item.public
            ? plural(videos, { one: '# video · public on YouTube', other: '# videos · public on YouTube' })
            : plural(videos, { one: '# video · private or unlisted on YouTube', other: '# videos · private or unlisted on YouTube' })}
        </span>
      </span>
    </>
  );
  return (
    <li className="yt-pick-item yt-playlist">
      {pickable ? (
        <>
          <input id={inputId} type="checkbox" className="yt-check" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
          <label htmlFor={inputId} className="yt-pick-label">
            {content}
          </label>
        </>
      ) : (
        <>
          <span className="yt-check-spacer" aria-hidden="true" />
          <div className="yt-pick-label">{content}</div>
        </>
      )}
      <div className="yt-playlist-state">
        {row.kind === 'importing' && <ImportProgress started={row.started} onFinished={onFinished} />}
        {row.kind === 'imported' && (
          <div className="yt-playlist-done">
            <span className="yt-badge yt-badge--done">
              <Trans>Imported</Trans>
            </span>
            <AppLink to={to.playlist(row.playlistId)} className="btn btn-secondary yt-btn-sm" aria-label={t`Open ${name} in ${APP_NAME}`}>
              <Trans context="verb">Open</Trans>
            </AppLink>
            <button type="button" className="btn btn-danger-outline yt-btn-sm" aria-label={t`Remove ${name}`} onClick={() => onRemove(row.playlistId)}>
              <Trans>Remove</Trans>
            </button>
          </div>
        )}
        {row.kind === 'failed' && (
          <div className="yt-playlist-done">
            <span className="yt-failed">{importFailedText(item.name)}</span>
            {row.playlistId !== null && (
              <button type="button" className="btn btn-danger-outline yt-btn-sm" aria-label={t`Remove ${name}`} onClick={() => onRemove(row.playlistId!)}>
                <Trans>Remove</Trans>
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** One import under way: its progress bar, polled (SPEC §4) until CREATED or FAILED. */
function ImportProgress({ started, onFinished }: { started: AccountPlaylistImport; onFinished: (done: AccountPlaylistImport) => void }) {
  const { t } = useLingui();
  const { data } = usePlaylistImportStatus(started);
  const name = started.name;
  const current = data ?? started;
  const progress = current.status === 'CREATED' ? 100 : current.progress;
  const reported = useRef(false);
  useEffect(() => {
    if (!reported.current && isImportFinished(current.status)) {
      reported.current = true;
      onFinished(current);
    }
  }, [current, onFinished]);
  return (
    <div className="yt-import">
      <div className="import-bar" role="progressbar" aria-label={t`Importing ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <span className={`import-bar-fill${current.status === 'FAILED' ? ' import-bar-fill--failed' : ''}`} style={{ width: `${progress}%` }} />
      </div>
      <span className="yt-import-status">{importStatusText(current.status, progress)}</span>
    </div>
  );
}

/** A list of the account that could not be read: why, and a way to try again (a lapsed permission is shown above). */
function ListUnread({ error, what, retry }: { error: unknown; what: 'subscriptions' | 'playlists'; retry: () => void }) {
  const { t } = useLingui();
  if (isPermissionLapsed(error)) return null;
  return (
    <div className="yt-account-panel">
      <FormAlert>{messageOf(error, what === 'subscriptions' ? t`Your YouTube subscriptions could not be read.` : t`Your YouTube playlists could not be read.`)}</FormAlert>
      <p>
        <button type="button" className="btn btn-secondary" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      </p>
    </div>
  );
}
