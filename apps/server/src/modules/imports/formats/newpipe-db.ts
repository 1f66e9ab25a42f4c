/**
 * NewPipe's backup: a .zip holding `newpipe.db` (SQLite, NewPipe's Room database) and its settings. The database is
 * opened with sql.js (SQLite compiled to WebAssembly; no native module, and the file never touches the disk). This is
 * reading a member's file, not Sift's database, so it lives here and not in a repository.
 *
 * Read: `subscriptions` (followed when YouTube), local `playlists` with their `streams` through
 * `playlist_stream_join` (in `join_index` order), and `feed_group` + `feed_group_subscription_join` (channel groups,
 * which become sifts), and the watch history: `stream_history (stream_id, access_date ms, repeat_count)`, each video
 * once at its latest access, with `streams (url, title, duration s)` and the position `stream_state (stream_id,
 * progress_time ms)`. Set aside with a reason: `remote_playlists` (bookmarks of others' playlists). Older NewPipe
 * versions lack some tables and columns; what is missing is simply not read.
 *
 * The file brings its own schema (nothing makes `streams.uid` unique or indexed), so its cost is bounded here, not by
 * trust: every row any statement steps through counts against `MAX_STEPS`, whether it is kept or not; no statement
 * joins or sorts the file's tables (SQLite would build a whole join product, or sort a whole table, before the first
 * row came out): tables are read one at a time in storage order, sorted here, and streams are looked up one by one
 * through an index made on the in-memory copy.
 */
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, SqlValue, Statement } from 'sql.js';
import type { BundleBuilder, PlaylistDraft } from './builder.js';
import { SKIP_REASONS, describeItem, formatCount } from './builder.js';
import { IMPORT_LIMITS, ImportFileError } from './bundle.js';
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

/**
 * `stream_history` rows read, newest first: NewPipe keeps one row per video (a re-watch moves its row to the end), so
 * twice the videos kept is room for a history that has more rows than that.
 */
const MAX_HISTORY_ROWS = 2 * IMPORT_LIMITS.maxHistory;
/**
 * Rows all statements together may step through. A real backup steps through each subscription, playlist, playlist
 * entry (twice: the entry, then its stream) and group entry once, so this is twice what the builder may keep; and
 * the history rows read, with two lookups (its stream, its position) per video kept.
 */
const MAX_STEPS = 4 * IMPORT_LIMITS.maxRows + MAX_HISTORY_ROWS + 2 * IMPORT_LIMITS.maxHistory;

/** The file's database and the rows stepped through so far. */
interface Reading {
  db: Database;
  steps: number;
}

export async function readNewPipeDb(bytes: Uint8Array, builder: BundleBuilder): Promise<void> {
  const SQL = await loadSqlJs();
  let db: Database | undefined;
  try {
    db = new SQL.Database(bytes);
    readDatabase({ db, steps: 0 }, builder);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('The NewPipe database in this backup is damaged and cannot be read. Make a new backup in NewPipe and upload it.', 'IMPORT_FILE_INVALID');
  } finally {
    db?.close();
  }
}

function readDatabase(db: Reading, builder: BundleBuilder): void {
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
    each(db, `SELECT ${name} AS name, ${url} AS url FROM remote_playlists`, (row) =>
      builder.skip(describeItem(string(row.name), string(row.url)), SKIP_REASONS.bookmarkedPlaylist),
    );
  }
  readHistory(db, builder, tables, columns);
}

/**
 * The watch history, newest first. `ORDER BY rowid DESC` walks the table backwards and sorts nothing (a re-watch
 * moves a video's row to the end, so the end is the newest); reading stops after MAX_HISTORY_ROWS, and what is left
 * is counted as over. Each video's latest access is kept, the videos sorted here by it, and the first
 * IMPORT_LIMITS.maxHistory looked up one by one (its stream, its position) through indexes made on the copy.
 */
function readHistory(db: Reading, builder: BundleBuilder, tables: Set<string>, columns: (table: string) => Set<string>): void {
  if (!tables.has('stream_history') || !tables.has('streams')) return;
  const has = columns('stream_history');
  if (!has.has('stream_id')) return;
  const accessDate = has.has('access_date') ? 'access_date' : 'NULL';
  const latest = new Map<number, number>();
  let read = 0;
  const rows = db.db.prepare(`SELECT stream_id, ${accessDate} AS access_date FROM stream_history ORDER BY rowid DESC`);
  try {
    while (read < MAX_HISTORY_ROWS && step(db, rows)) {
      read += 1;
      const row = rows.getAsObject();
      const stream = Number(row.stream_id);
      const time = typeof row.access_date === 'number' ? row.access_date : -Infinity;
      const previous = latest.get(stream);
      if (Number.isFinite(stream) && (previous === undefined || time > previous)) latest.set(stream, time);
    }
  } finally {
    rows.free();
  }
  if (read === MAX_HISTORY_ROWS) {
    const [count] = all(db, 'SELECT COUNT(*) AS count FROM stream_history');
    builder.skipHistory('over', Number(count?.count ?? read) - read);
  }

  // Stable: videos without a date keep the table's order, after the dated ones.
  const newestFirst = [...latest].sort((a, b) => (a[1] === b[1] ? 0 : b[1] > a[1] ? 1 : -1));
  builder.skipHistory('over', newestFirst.length - IMPORT_LIMITS.maxHistory);
  const streams = columns('streams');
  const service = streams.has('service_id') ? 'service_id' : 'NULL';
  const title = streams.has('title') ? 'title' : 'NULL';
  const duration = streams.has('duration') ? 'duration' : 'NULL';
  const streamType = streams.has('stream_type') ? 'stream_type' : 'NULL';
  db.db.run('CREATE INDEX IF NOT EXISTS sift_import_streams_uid ON streams (uid)');
  const stream = db.db.prepare(`SELECT ${service} AS service_id, url, ${title} AS title, ${duration} AS duration, ${streamType} AS stream_type FROM streams WHERE uid = ? LIMIT 1`);
  const hasState = tables.has('stream_state') && columns('stream_state').has('stream_id') && columns('stream_state').has('progress_time');
  if (hasState) db.db.run('CREATE INDEX IF NOT EXISTS sift_import_stream_state ON stream_state (stream_id)');
  const state = hasState ? db.db.prepare('SELECT progress_time FROM stream_state WHERE stream_id = ? LIMIT 1') : null;
  try {
    for (const [streamId, accessed] of newestFirst.slice(0, IMPORT_LIMITS.maxHistory)) {
      const found = lookUp(db, stream, streamId);
      if (!found) continue; // a history row whose stream is gone: NewPipe does not show it either
      if (!isYouTubeService(found.service_id)) {
        builder.skipHistory('otherService');
        continue;
      }
      const live = typeof found.stream_type === 'string' && found.stream_type.startsWith('LIVE');
      const progress = state && !live ? lookUp(db, state, streamId)?.progress_time : undefined;
      builder.addHistory(string(found.url), {
        watchedAt: Number.isFinite(accessed) ? accessed : undefined,
        position: typeof progress === 'number' ? progress / 1000 : undefined,
        // NewPipe writes 0 for a length it does not know (live streams).
        duration: typeof found.duration === 'number' && found.duration > 0 ? found.duration : undefined,
        title: string(found.title),
      });
    }
  } finally {
    stream.free();
    state?.free();
  }
}

/** The one row `statement` finds for `key`, counted against the budget, or null. */
function lookUp(db: Reading, statement: Statement, key: number): Row | null {
  statement.bind([key]);
  const found = step(db, statement) ? statement.getAsObject() : null;
  statement.reset();
  return found;
}

/** Follows the YouTube subscriptions; returns their ids by `uid` for the feed groups. */
function readSubscriptions(db: Reading, builder: BundleBuilder, tables: Set<string>, columns: (table: string) => Set<string>): Map<number, { id: string; name?: string }> {
  const byUid = new Map<number, { id: string; name?: string }>();
  if (!tables.has('subscriptions')) return byUid;
  const has = columns('subscriptions');
  if (!has.has('url')) return byUid;
  const service = has.has('service_id') ? 'service_id' : 'NULL';
  const name = has.has('name') ? 'name' : 'NULL';
  const uid = has.has('uid') ? 'uid' : 'rowid';
  const rows = sorted(all(db, `SELECT ${uid} AS uid, ${service} AS service_id, url, ${name} AS name FROM subscriptions`), ['uid']);
  for (const row of rows) {
    const channelName = string(row.name);
    if (!isYouTubeService(row.service_id)) {
      builder.skip(describeItem(channelName, string(row.url)), SKIP_REASONS.notYouTube);
      continue;
    }
    const id = builder.followChannel(string(row.url), channelName);
    if (id !== null) byUid.set(Number(row.uid), channelName === undefined ? { id } : { id, name: channelName });
  }
  return byUid;
}

function readPlaylists(db: Reading, builder: BundleBuilder, tables: Set<string>, columns: (table: string) => Set<string>): void {
  if (!tables.has('playlists')) return;
  const has = columns('playlists');
  // `display_index` (NewPipe 0.25+) is the order the member arranged; before it, the order of creation.
  const displayIndex = has.has('display_index') ? 'display_index' : 'NULL';
  const drafts = new Map<number, PlaylistDraft>();
  const playlists = all(db, `SELECT uid, ${displayIndex} AS display_index, ${has.has('name') ? 'name' : 'NULL'} AS name FROM playlists`);
  for (const row of sorted(playlists, ['display_index', 'uid'])) {
    drafts.set(Number(row.uid), builder.addPlaylist({ name: string(row.name) ?? 'NewPipe playlist' }));
  }
  if (!tables.has('playlist_stream_join') || !tables.has('streams')) return;
  const streams = columns('streams');
  const service = streams.has('service_id') ? 'service_id' : 'NULL';
  const title = streams.has('title') ? 'title' : 'NULL';
  const position = columns('playlist_stream_join').has('join_index') ? 'join_index' : 'rowid';
  const entries = all(db, `SELECT playlist_id, stream_id, ${position} AS position FROM playlist_stream_join`).filter((row) => drafts.has(Number(row.playlist_id)));
  // The copy in memory is the file's: an index on it makes each lookup below a few steps, whatever the schema says.
  db.db.run('CREATE INDEX IF NOT EXISTS sift_import_streams_uid ON streams (uid)');
  const stream = db.db.prepare(`SELECT ${service} AS service_id, url, ${title} AS title FROM streams WHERE uid = ? LIMIT 1`);
  try {
    for (const entry of sorted(entries, ['playlist_id', 'position'])) {
      const playlist = drafts.get(Number(entry.playlist_id))!;
      stream.bind([entry.stream_id ?? null]);
      const found = step(db, stream) ? stream.getAsObject() : null;
      stream.reset();
      if (!found) continue; // an entry whose stream is gone: NewPipe does not show it either
      const videoTitle = string(found.title);
      if (!isYouTubeService(found.service_id)) {
        builder.skip(describeItem(videoTitle, string(found.url), ` in playlist "${playlist.meta.name}"`), SKIP_REASONS.notYouTube);
        continue;
      }
      builder.addVideo(playlist, string(found.url), videoTitle);
    }
  } finally {
    stream.free();
  }
}

/** NewPipe's channel groups (the feed's tabs) become sifts of their YouTube channels. */
function readFeedGroups(
  db: Reading,
  builder: BundleBuilder,
  tables: Set<string>,
  columns: (table: string) => Set<string>,
  channelsByUid: Map<number, { id: string; name?: string }>,
): void {
  if (!tables.has('feed_group') || !tables.has('feed_group_subscription_join')) return;
  const sortOrder = columns('feed_group').has('sort_order') ? 'sort_order' : 'NULL';
  const groups = new Map<number, string>();
  for (const row of sorted(all(db, `SELECT uid, ${sortOrder} AS sort_order, name FROM feed_group`), ['sort_order', 'uid'])) {
    groups.set(Number(row.uid), string(row.name) ?? 'NewPipe group');
  }
  const members = new Map<number, number[]>();
  for (const row of sorted(all(db, 'SELECT group_id, subscription_id FROM feed_group_subscription_join'), ['group_id', 'subscription_id'])) {
    const group = Number(row.group_id);
    const list = members.get(group) ?? [];
    list.push(Number(row.subscription_id));
    members.set(group, list);
  }
  for (const [uid, name] of groups) {
    const sift = builder.addSift({ name });
    // Channels that were not followed (another service, no id) were set aside once already, with their reason.
    for (const subscription of members.get(uid) ?? []) {
      const channel = channelsByUid.get(subscription);
      if (channel) builder.addSiftChannel(sift, channel.id, channel.name);
    }
  }
}

/** Steps `statement` once, counting the row against the file's budget. */
function step(db: Reading, statement: Statement): boolean {
  if (!statement.step()) return false;
  db.steps += 1;
  if (db.steps > MAX_STEPS) {
    throw new ImportFileError(
      `This NewPipe database holds more than ${formatCount(MAX_STEPS)} rows to read, more than any backup Sift imports. Export less (for example subscriptions and playlists separately) and import each file.`,
      'IMPORT_TOO_LARGE',
    );
  }
  return true;
}

function each(db: Reading, sql: string, onRow: (row: Row) => void): void {
  const statement = db.db.prepare(sql);
  try {
    while (step(db, statement)) onRow(statement.getAsObject());
  } finally {
    statement.free();
  }
}

function all(db: Reading, sql: string): Row[] {
  const rows: Row[] = [];
  each(db, sql, (row) => rows.push(row));
  return rows;
}

/** Rows ordered by the given columns (numbers, missing last), as `ORDER BY` would, once they are counted and read. */
function sorted(rows: Row[], by: string[]): Row[] {
  const key = (value: SqlValue | undefined) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : Infinity);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const column of by) {
        const difference = key(a.row[column]) - key(b.row[column]);
        if (difference !== 0 && !Number.isNaN(difference)) return difference;
      }
      return a.index - b.index;
    })
    .map(({ row }) => row);
}

function string(value: SqlValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
}
