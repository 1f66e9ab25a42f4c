/**
 * NewPipe's backup: a .zip holding `newpipe.db` (SQLite, NewPipe's Room database) and its settings. The database is
 * opened with sql.js (SQLite compiled to WebAssembly; no native module, and the file never touches the disk). This is
 * reading a member's file, not Sift's database, so it lives here and not in a repository.
 *
 * Read: `subscriptions` (followed when YouTube), local `playlists` with their `streams` through
 * `playlist_stream_join` (in `join_index` order), and `feed_group` + `feed_group_subscription_join` (channel groups,
 * which become sifts). Set aside with a reason: `remote_playlists` (bookmarks of others' playlists) and
 * `stream_history`. Older NewPipe versions lack some tables and columns; what is missing is simply not read.
 */
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import type { BundleBuilder, PlaylistDraft } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { ImportFileError } from './bundle.js';
import { isYouTubeService } from './newpipe.js';
import { startsWithBytes } from './text.js';

/** Every SQLite 3 database file starts with this 16-byte header string. */
const SQLITE_MAGIC = [...'SQLite format 3\u0000'].map((char) => char.charCodeAt(0));

export function isSqlite(bytes: Uint8Array): boolean {
  return startsWithBytes(bytes, SQLITE_MAGIC);
}

let sqlJs: Promise<SqlJsStatic> | undefined;

/**
 * sql.js compiled once per process. Its wasm file is resolved from the installed package (node_modules/sql.js/dist),
 * where the package's own loader would also look; resolving it explicitly keeps working if the server bundle ever
 * inlines sql.js's JavaScript. A failed load is not cached, so the next import tries again.
 */
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs({ locateFile: (file: string) => createRequire(import.meta.url).resolve(`sql.js/dist/${file}`) }).catch((error: unknown) => {
    sqlJs = undefined;
    throw error;
  });
  return sqlJs;
}

type Row = Record<string, SqlValue>;

export async function readNewPipeDb(bytes: Uint8Array, builder: BundleBuilder): Promise<void> {
  const SQL = await loadSqlJs();
  let db: Database | undefined;
  try {
    db = new SQL.Database(bytes);
    readDatabase(db, builder);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('The NewPipe database in this backup is damaged and cannot be read. Make a new backup in NewPipe and upload it.', 'IMPORT_FILE_INVALID');
  } finally {
    db?.close();
  }
}

function readDatabase(db: Database, builder: BundleBuilder): void {
  const tables = new Set(all(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => String(row.name)));
  if (!tables.has('subscriptions') && !tables.has('playlists')) {
    throw new ImportFileError(
      'This database is not a NewPipe backup. Sift reads NewPipe backups (the .zip NewPipe makes, holding newpipe.db) and subscription exports.',
      'IMPORT_FORMAT_UNKNOWN',
    );
  }
  const columns = (table: string): Set<string> => new Set(all(db, `PRAGMA table_info("${table}")`).map((row) => String(row.name)));

  const channelsByUid = readSubscriptions(db, builder, tables, columns);
  readPlaylists(db, builder, tables, columns);
  readFeedGroups(db, builder, tables, columns, channelsByUid);

  if (tables.has('remote_playlists')) {
    const has = columns('remote_playlists');
    const name = has.has('name') ? 'name' : 'NULL';
    const url = has.has('url') ? 'url' : 'NULL';
    each(db, `SELECT ${name} AS name, ${url} AS url FROM remote_playlists ORDER BY rowid`, (row) =>
      builder.skip(describeItem(string(row.name), string(row.url)), SKIP_REASONS.bookmarkedPlaylist),
    );
  }
  if (tables.has('stream_history') && columns('stream_history').has('stream_id')) {
    const [row] = all(db, 'SELECT COUNT(DISTINCT stream_id) AS videos FROM stream_history');
    builder.skipWatchHistory(Number(row?.videos ?? 0));
  }
}

/** Follows the YouTube subscriptions; returns their ids by `uid` for the feed groups. */
function readSubscriptions(db: Database, builder: BundleBuilder, tables: Set<string>, columns: (table: string) => Set<string>): Map<number, { id: string; name?: string }> {
  const byUid = new Map<number, { id: string; name?: string }>();
  if (!tables.has('subscriptions')) return byUid;
  const has = columns('subscriptions');
  if (!has.has('url')) return byUid;
  const service = has.has('service_id') ? 'service_id' : 'NULL';
  const name = has.has('name') ? 'name' : 'NULL';
  const uid = has.has('uid') ? 'uid' : 'rowid';
  each(db, `SELECT ${uid} AS uid, ${service} AS service_id, url, ${name} AS name FROM subscriptions ORDER BY ${uid}`, (row) => {
    const channelName = string(row.name);
    if (!isYouTubeService(row.service_id)) return builder.skip(describeItem(channelName, string(row.url)), SKIP_REASONS.notYouTube);
    const id = builder.followChannel(string(row.url), channelName);
    if (id !== null) byUid.set(Number(row.uid), channelName === undefined ? { id } : { id, name: channelName });
  });
  return byUid;
}

function readPlaylists(db: Database, builder: BundleBuilder, tables: Set<string>, columns: (table: string) => Set<string>): void {
  if (!tables.has('playlists')) return;
  const has = columns('playlists');
  // `display_index` (NewPipe 0.25+) is the order the member arranged; before it, the order of creation.
  const order = has.has('display_index') ? 'display_index, uid' : 'uid';
  const drafts = new Map<number, PlaylistDraft>();
  each(db, `SELECT uid, ${has.has('name') ? 'name' : 'NULL'} AS name FROM playlists ORDER BY ${order}`, (row) => {
    drafts.set(Number(row.uid), builder.addPlaylist({ name: string(row.name) ?? 'NewPipe playlist' }));
  });
  if (!tables.has('playlist_stream_join') || !tables.has('streams')) return;
  const streams = columns('streams');
  const service = streams.has('service_id') ? 's.service_id' : 'NULL';
  const title = streams.has('title') ? 's.title' : 'NULL';
  const joinOrder = columns('playlist_stream_join').has('join_index') ? 'j.join_index' : 'j.rowid';
  const sql = `SELECT j.playlist_id AS playlist_id, ${service} AS service_id, s.url AS url, ${title} AS title
    FROM playlist_stream_join j JOIN streams s ON s.uid = j.stream_id ORDER BY j.playlist_id, ${joinOrder}`;
  each(db, sql, (row) => {
    const playlist = drafts.get(Number(row.playlist_id));
    if (!playlist) return;
    const videoTitle = string(row.title);
    if (!isYouTubeService(row.service_id)) return builder.skip(describeItem(videoTitle, string(row.url), ` in playlist "${playlist.meta.name}"`), SKIP_REASONS.notYouTube);
    builder.addVideo(playlist, string(row.url), videoTitle);
  });
}

/** NewPipe's channel groups (the feed's tabs) become sifts of their YouTube channels. */
function readFeedGroups(
  db: Database,
  builder: BundleBuilder,
  tables: Set<string>,
  columns: (table: string) => Set<string>,
  channelsByUid: Map<number, { id: string; name?: string }>,
): void {
  if (!tables.has('feed_group') || !tables.has('feed_group_subscription_join')) return;
  const order = columns('feed_group').has('sort_order') ? 'sort_order, uid' : 'uid';
  const groups = new Map<number, string>();
  each(db, `SELECT uid, name FROM feed_group ORDER BY ${order}`, (row) => groups.set(Number(row.uid), string(row.name) ?? 'NewPipe group'));
  const members = new Map<number, number[]>();
  each(db, 'SELECT group_id, subscription_id FROM feed_group_subscription_join ORDER BY group_id, subscription_id', (row) => {
    const group = Number(row.group_id);
    const list = members.get(group) ?? [];
    list.push(Number(row.subscription_id));
    members.set(group, list);
  });
  for (const [uid, name] of groups) {
    const sift = builder.addSift({ name });
    // Channels that were not followed (another service, no id) were set aside once already, with their reason.
    for (const subscription of members.get(uid) ?? []) {
      const channel = channelsByUid.get(subscription);
      if (channel) builder.addSiftChannel(sift, channel.id, channel.name);
    }
  }
}

function each(db: Database, sql: string, onRow: (row: Row) => void): void {
  const statement = db.prepare(sql);
  try {
    while (statement.step()) onRow(statement.getAsObject());
  } finally {
    statement.free();
  }
}

function all(db: Database, sql: string): Row[] {
  const rows: Row[] = [];
  each(db, sql, (row) => rows.push(row));
  return rows;
}

function string(value: SqlValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
}
