import { LRUCache } from 'lru-cache';
import type { PagedVideos } from '@sift/contracts';
import { EncodedJson } from '../../infra/http/send-json.js';

/**
 * Pages of sift feeds, encoded, kept while they still hold (issue 6's feed budget; decisions/011-sift-feed.md).
 *
 * A page is served from here only when the sift's `feed_version` read for this request is the version the page was
 * built at: every change to which videos a sift shows bumps it in the same transaction (sift-matches.repository.ts),
 * so a new match, a rule change or a removed channel is never hidden by the cache, and every server process checks
 * the same stamp. What the version does not cover (a video's title or view count refreshed from the provider, a
 * channel renamed) shows within MAX_AGE_MS. Visibility is never cached: the caller checks the sift's row each time.
 */
export class SiftFeedCache {
  static readonly MAX_AGE_MS = 60_000;
  /** About 1,000 first pages of 50 cards. */
  static readonly MAX_BYTES = 64 * 1024 * 1024;

  private readonly pages = new LRUCache<string, { version: number; body: EncodedJson }>({
    maxSize: SiftFeedCache.MAX_BYTES,
    sizeCalculation: (entry) => entry.body.size + 64,
    ttl: SiftFeedCache.MAX_AGE_MS,
  });

  /** The page if it was built at `version` (and is not too old); undefined otherwise. */
  get(key: SiftFeedPageKey, version: number): EncodedJson | undefined {
    const entry = this.pages.get(keyOf(key));
    return entry?.version === version ? entry.body : undefined;
  }

  /** Whether a page is held for this key at any version (then the version is worth checking first). */
  has(key: SiftFeedPageKey): boolean {
    return this.pages.has(keyOf(key));
  }

  /** Keeps the page built at `version`; answers it encoded. */
  set(key: SiftFeedPageKey, version: number, page: PagedVideos): EncodedJson {
    const body = new EncodedJson(JSON.stringify(page));
    this.pages.set(keyOf(key), { version, body });
    return body;
  }
}

export interface SiftFeedPageKey {
  /** The sift as the request names it (id or hash: two names, two entries, one version). */
  sift: string;
  limit: number;
  next: string | undefined;
}

const keyOf = (key: SiftFeedPageKey) => `${key.sift}:${key.limit}:${key.next ?? ''}`;
