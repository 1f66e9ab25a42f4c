import { gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A response body serialised once and kept (a kept page, infra/cache/stamped-cache.ts), with its gzip made
 * on first use: a body sent many times is encoded once, not on every request.
 */
export class EncodedJson {
  private gzipped: Buffer | undefined;

  constructor(readonly json: string) {}

  gzip(): Buffer {
    // The fastest level: repetitive JSON compresses about as well, at a fraction of the CPU of the default.
    this.gzipped ??= gzipSync(this.json, { level: zlib.Z_BEST_SPEED });
    return this.gzipped;
  }

  /** Bytes held, for a cache's size limit. */
  get size(): number {
    return this.json.length * 2 + (this.gzipped?.length ?? 0);
  }
}

/** Whether the client takes gzip (`Accept-Encoding: gzip` without q=0; every browser does). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const match = typeof header === 'string' ? /(?:^|,)\s*gzip\s*(?:;\s*q=([0-9.]+))?/i.exec(header) : null;
  return match !== null && (match[1] === undefined || Number(match[1]) > 0);
}

/**
 * Sends an EncodedJson: its kept gzip when the client takes gzip, else the JSON text. The route's response schema
 * still documents the body; nothing encodes it again (fastify passes a string through, and the compression
 * plugin leaves a body that already has a Content-Encoding).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip());
  return reply.send(body.json);
}
