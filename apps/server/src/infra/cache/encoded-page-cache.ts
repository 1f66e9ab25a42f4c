import { LRUCache } from 'lru-cache';
import type { EncodedJson } from '../http/send-json.js';

/**
 * Response bodies kept encoded (JSON and its gzip) under a version stamp read from the database (decision 014).
 *
 * A body is served only while the stamp read for this request equals the one it was built at, so a change the
 * stamp covers is never hidden, in any server process. What the stamp does not cover (a title or view count
 * refreshed from the provider, a channel renamed) shows within `maxAgeMs`. Least recently used bodies go first once
 * `maxBytes` is reached.
 */
export class EncodedPageCache {
  private readonly pages: LRUCache<string, { stamp: string; body: EncodedJson }>;

  constructor(options: { maxBytes: number; maxAgeMs: number }) {
    this.pages = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: (entry) => entry.body.size + 64, ttl: options.maxAgeMs });
  }

  /** The body kept for `key` if it was built at `stamp` (and is not too old). */
  get(key: string, stamp: string | number): EncodedJson | undefined {
    const entry = this.pages.get(key);
    return entry?.stamp === String(stamp) ? entry.body : undefined;
  }

  /** Whether a body is kept for `key` at any stamp (then the stamp is worth reading first). */
  has(key: string): boolean {
    return this.pages.has(key);
  }

  /** Keeps `body` for `key` at `stamp`, and answers it. */
  set(key: string, stamp: string | number, body: EncodedJson): EncodedJson {
    this.pages.set(key, { stamp: String(stamp), body });
    return body;
  }
}
