import { EncodedPageCache } from '../../infra/cache/encoded-page-cache.js';

/**
 * Pages of sift feeds, kept encoded under the sift's `feed_version` (decisions 011 and 014): every change to which
 * videos a sift shows bumps it in the same transaction (sift-matches.repository.ts). Visibility is never cached:
 * the caller checks the sift's row, which also gives the version, on every request.
 */
export const newSiftFeedCache = () => new EncodedPageCache({ maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 });

/** A page of a sift feed, with the sift as the request names it (id or hash: two names, two keys, one version). */
export const siftFeedPageKey = (sift: string, limit: number, next: string | undefined) => `${sift}:${limit}:${next ?? ''}`;
