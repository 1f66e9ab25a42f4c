import { LRUCache } from 'lru-cache';
import type { EncodedJson } from '../http/send-json.js';

/**
 * Response bodies kept encoded (JSON and its gzip) under a version stamp read from the database (decision 014).
 *
 * A body is served only while the stamp read for this request equals the one it was built at, so a change the
 * stamp covers is never hidden, in any server process. What the stamp does not cover (a title or view count
 * refreshed from the provider, a channel renamed) shows within MAX_AGE_MS. Least recently used bodies go first once
 * `maxMiB` is reached.
 */
export class EncodedPageCache {
  /** How late what no stamp covers may show. */
  static readonly MAX_AGE_MS = 60_000;

  private readonly pages: LRUCache<string, { stamp: string; body: EncodedJson }>;

  constructor(maxMiB: number) {
    this.pages = new LRUCache({ maxSize: maxMiB * 1024 * 1024, sizeCalculation: (entry) => entry.body.size + 64, ttl: EncodedPageCache.MAX_AGE_MS });
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
