import { constants as zlib, crc32, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The fastest level: repetitive JSON compresses about as well, at a fraction of the CPU of the default. */
const LEVEL = zlib.Z_BEST_SPEED;
/** A gzip member's header: deflate, no name, no time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The end of a JSON object kept compressed on its own (a personal feed's filter chips), so a body ending with it
 * is compressed without compressing it again (`EncodedJson.spliced`).
 */
export class JsonTail {
  /** The members and closing brace: the object's text without its `{`, as UTF-8 (for the CRC of a body). */
  private readonly bytes: Buffer;
  /** `bytes` as raw deflate blocks, the last one final; compressed from an empty window, they refer to nothing before. */
  readonly deflated: Buffer;

  constructor(objectJson: string) {
    this.bytes = Buffer.from(objectJson.slice(1), 'utf8');
    this.deflated = deflateRawSync(this.bytes, { level: LEVEL });
  }

  /** The CRC-32 of `prefix` followed by this tail. */
  crcAfter(prefixCrc: number): number {
    return crc32(this.bytes, prefixCrc);
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  /** Bytes held, for a cache's size limit. */
  get size(): number {
    return this.bytes.length + this.deflated.length;
  }
}

/**
 * A response body encoded once and kept (infra/cache/stamped-cache.ts) as gzip only: the JSON text of a page is
 * garbage as soon as it is compressed, so a kept page costs a tenth of its size and the collector never copies it.
 * A client without gzip (none of the browsers) gets it unzipped on the way out.
 */
export class EncodedJson {
  private constructor(readonly gzip: Buffer) {}

  static of(json: string): EncodedJson {
    return new EncodedJson(gzipSync(json, { level: LEVEL }));
  }

  /**
   * `head` followed by `tail`, where head is a JSON object's opening up to a comma. Only head is compressed: it is
   * flushed to a byte boundary without closing the stream, the tail's kept blocks follow, and the gzip trailer
   * (CRC-32 and length of the whole text) closes it — one ordinary gzip member, as a streaming compressor makes.
   */
  static spliced(head: string, tail: JsonTail): EncodedJson {
    const headBytes = Buffer.from(head, 'utf8');
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(tail.crcAfter(crc32(headBytes)), 0);
    trailer.writeUInt32LE((headBytes.length + tail.byteLength) % 2 ** 32, 4);
    const flushed = deflateRawSync(headBytes, { level: LEVEL, finishFlush: zlib.Z_SYNC_FLUSH });
    return new EncodedJson(Buffer.concat([GZIP_HEADER, flushed, tail.deflated, trailer]));
  }

  /** The JSON text, unzipped (for a client without gzip, or a reader of the body such as the Atom feeds). */
  get json(): string {
    return gunzipSync(this.gzip).toString('utf8');
  }

  /** Bytes held, for a cache's size limit. */
  get size(): number {
    return this.gzip.length;
  }
}

/** Whether the client takes gzip (`Accept-Encoding: gzip` without q=0; every browser does). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const match = typeof header === 'string' ? /(?:^|,)\s*gzip\s*(?:;\s*q=([0-9.]+))?/i.exec(header) : null;
  return match !== null && (match[1] === undefined || Number(match[1]) > 0);
}

/**
 * Sends an EncodedJson: its gzip when the client takes gzip, else the JSON text. The route's response schema
 * still documents the body; nothing encodes it again (fastify passes a string through, and the compression
 * plugin leaves a body that already has a Content-Encoding).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
