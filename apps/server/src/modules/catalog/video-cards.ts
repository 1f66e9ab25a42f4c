import type { Video } from '@sift/contracts';
import { LRUCache } from 'lru-cache';
import { StampedCache } from '../../infra/cache/stamped-cache.js';
import type { VideoCardRow } from '../../infra/db/video-card-columns.js';
import { presentVideo } from './catalog.presenter.js';

/** A video as every card shows it, with its JSON made once. */
export interface VideoCard {
  video: Video;
  json: string;
}

/**
 * Video cards kept by id (decision 014) for pages read as ids: a page whose order changed (a new video on top of
 * a member's feed) reads its 51 ids and takes the cards it already had, instead of reading, presenting and
 * encoding every row again. A card is as fresh as a kept page (StampedCache.MAX_AGE_MS): a title or view count
 * refreshed from the video service shows within that. A removed video's card is never asked for again: pages are
 * built from the ids read at the time.
 */
export class VideoCards {
  private readonly cards: LRUCache<number, VideoCard>;

  constructor(
    private readonly load: (ids: number[]) => Promise<VideoCardRow[]>,
    maxMiB = 32,
  ) {
    this.cards = new LRUCache({ maxSize: maxMiB * 1024 * 1024, sizeCalculation: (card) => card.json.length * 4 + 64, ttl: StampedCache.MAX_AGE_MS });
  }

  /** The cards of `ids`, in that order; an id no longer in the catalog is left out. */
  async get(ids: number[]): Promise<VideoCard[]> {
    const found = new Map<number, VideoCard | undefined>(ids.map((id) => [id, this.cards.get(id)]));
    const missing = ids.filter((id) => found.get(id) === undefined);
    if (missing.length > 0) {
      for (const row of await this.load(missing)) {
        // Shared by every page that shows it: frozen, so a caller that would change it for one page fails loudly.
        const video = Object.freeze(presentVideo(row));
        const card = { video, json: JSON.stringify(video) };
        this.cards.set(video.id, card);
        found.set(video.id, card);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}
