/**
 * Import files crafted to cost the server more than they are worth (issue 28): zips that lie about their sizes or
 * share one stream between many entries, and a NewPipe database whose own schema makes a join explode. Each is
 * small to upload; read naively, each took every other client seconds.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import initSqlJs from 'sql.js';

interface Stream {
  /** Name in the local header. */
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  data: Uint8Array;
  method: 0 | 8;
}

interface DirectoryEntry {
  name: string;
  /** Index into the streams: several entries may name one. */
  stream: number;
  /** What the entry declares: its uncompressed size and CRC-32. */
  size: number;
  crc: number;
}

/** A zip written byte by byte, so that its directory can say what it likes about its streams. */
export function rawZip(streams: Stream[], directory: DirectoryEntry[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const stream of streams) {
    const name = Buffer.from(stream.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x800, 6);
    header.writeUInt16LE(stream.method, 8);
    header.writeUInt32LE(stream.data.length, 18);
    header.writeUInt16LE(name.length, 26);
    offsets.push(at);
    parts.push(header, name, Buffer.from(stream.data));
    at += header.length + name.length + stream.data.length;
  }
  const directoryStart = at;
  for (const entry of directory) {
    const stream = streams[entry.stream]!;
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt16LE(stream.method, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(stream.data.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offsets[entry.stream]!, 42);
    parts.push(header, name);
    at += header.length + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(at - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** `entries` directory entries, each declaring (truthfully, alone) the same deflated megabyte of CSV-looking text. */
export function overlappingZip(entries: number): Buffer {
  const content = Buffer.alloc(1024 * 1024, 'UCxxxxxxxxxxxxxxxxxxxxxx,');
  const stream = { name: 'a.csv', data: deflateRawSync(content, { level: 9 }), method: 8 as const };
  const directory = Array.from({ length: entries }, (_, i) => ({ name: `part-${i}.csv`, stream: 0, size: content.length, crc: crc32(content) }));
  return rawZip([stream], directory);
}

/** One entry declaring a kilobyte whose stream inflates to `megabytes` of zeros. */
export function inflatesPastItsSizeZip(megabytes: number): Buffer {
  const content = Buffer.alloc(megabytes * 1024 * 1024);
  const stream = { name: 'subscriptions.csv', data: deflateRawSync(content, { level: 9 }), method: 8 as const };
  return rawZip([stream], [{ name: 'subscriptions.csv', stream: 0, size: 1024, crc: crc32(content.subarray(0, 1024)) }]);
}

/**
 * A newpipe.db whose `streams.uid` is neither unique nor indexed: `rows` streams share uid 1 and `rows` entries of
 * a playlist name it (a join of rows × rows), and as many entries name a playlist that does not exist.
 */
export async function newPipeJoinBlowUp(rows: number, youtubeVideo: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`
    CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id INTEGER NOT NULL, url TEXT, name TEXT);
    CREATE TABLE streams (uid INTEGER, service_id INTEGER NOT NULL, url TEXT, title TEXT);
    CREATE TABLE playlists (uid INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL);
    INSERT INTO playlists VALUES (1, 'Joined');
  `);
  db.run('BEGIN');
  const stream = db.prepare('INSERT INTO streams VALUES (1, 0, ?, ?)');
  const entry = db.prepare('INSERT INTO playlist_stream_join VALUES (?, 1, ?)');
  for (let i = 0; i < rows; i++) {
    stream.run([`https://www.youtube.com/watch?v=${youtubeVideo}`, `Copy ${i}`]);
    entry.run([1, i]);
    entry.run([999, i]);
  }
  stream.free();
  entry.free();
  db.run('COMMIT');
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}
