import { LRUCache } from 'lru-cache';
import type { EncodedJson } from '../http/send-json.js';

/**
 * Values kept under a version stamp read from the database (decision 014): encoded response bodies, and what
 * building one needs that changes more rarely than the body does.
 *
 * A value is answered only while the stamp read for this request equals the one it was built at, so a change the
 * stamp covers is never hidden, in any server process. What the stamp does not cover (a title or view count
 * refreshed from the provider, a channel renamed) shows within MAX_AGE_MS. Least recently used values go first once
 * `maxMiB` is reached.
 */
export class StampedCache<V extends object> {
  /** How late what no stamp covers may show. */
  static readonly MAX_AGE_MS = 60_000;

  private readonly values: LRUCache<string, { stamp: string; value: V }>;

  /** `sizeOf`: about how many bytes a value holds. */
  constructor(maxMiB: number, sizeOf: (value: V) => number) {
    this.values = new LRUCache({ maxSize: maxMiB * 1024 * 1024, sizeCalculation: (entry) => sizeOf(entry.value) + 64, ttl: StampedCache.MAX_AGE_MS });
  }

  /** The value kept for `key` if it was built at `stamp` (and is not too old). */
  get(key: string, stamp: string | number): V | undefined {
    const entry = this.values.get(key);
    return entry?.stamp === String(stamp) ? entry.value : undefined;
  }

  /** Whether a value is kept for `key` at any stamp (then the stamp is worth reading first). */
  has(key: string): boolean {
    return this.values.has(key);
  }

  /** Keeps `value` for `key` at `stamp`, and answers it. */
  set(key: string, stamp: string | number, value: V): V {
    this.values.set(key, { stamp: String(stamp), value });
    return value;
  }
}

/** Response bodies kept encoded (JSON and its gzip): a page served many times is encoded once. */
export const encodedPageCache = (maxMiB: number) => new StampedCache<EncodedJson>(maxMiB, (body) => body.size);
