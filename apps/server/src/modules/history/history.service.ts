import type { ContinueWatching, HiddenPage, HistoryPage, HistoryProgress, HistorySettings, Video } from '@sift/contracts';
import { MARK_ALL_WATCHED_MAX } from '@sift/contracts';
import { LRUCache } from 'lru-cache';
import { StampedCache } from '../../infra/cache/stamped-cache.js';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor.js';
import { notFound } from '../../infra/http/errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { SiftHistoryExportEntry } from '../imports/formats/sift-export-document.js';
import { presentHistoryItem } from './history.presenter.js';
import type { CardMarks, HistoryRepository, HistoryVideo, ImportedWatchRow } from './history.repository.js';
import { isWatchedAt } from './watched-rule.js';

/** One video of a history a member imports (the import's bundle entry, its video stored). */
export interface ImportedWatch {
  videoId: number;
  /** When the file says it was last watched; undefined for formats without times (Invidious, LibreTube). */
  watchedAt?: Date;
  position?: number;
  duration?: number;
  /** What the file says outright (Sift's own export); otherwise the rule decides, see importWatched. */
  watched?: boolean;
}

/** Words of a history search: at most 10, like a feed's filter text. */
const MAX_WORDS = 10;

/**
 * What a member watched (issue 30, decisions/039): progress, watched marks, dismissals, the history page, Continue
 * watching, "Pause history", and the marks every card of theirs carries (WatchedOverlay).
 */
export class HistoryService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly catalog: Pick<CatalogService, 'videoCards'>,
  ) {}

  /**
   * What the watched rule needs of the videos being played, kept a minute (as fresh as a kept page's card): a player
   * saves every ~10 s, and each save would otherwise read the same row again. Videos are never deleted, so a kept id
   * stays valid; a live video's end shows within the minute.
   */
  private readonly playing = new LRUCache<string, HistoryVideo>({ max: 20_000, ttl: StampedCache.MAX_AGE_MS });

  /** A stored video by its service id, or 404 (history never asks the video service). */
  private async video(externalId: string): Promise<HistoryVideo> {
    const kept = this.playing.get(externalId);
    if (kept) return kept;
    const video = await this.repository.video(externalId);
    if (!video) throw notFound('Video');
    this.playing.set(externalId, video);
    return video;
  }

  /**
   * Progress from the player. Past the watched rule the video is marked and starts over (position 0); a live video
   * has no position. While history is paused nothing is recorded (the caller still hears 204).
   */
  async saveProgress(userId: number, externalId: string, progress: HistoryProgress): Promise<void> {
    const video = await this.video(externalId);
    const duration = progress.duration !== undefined ? Math.round(progress.duration) : null;
    const watched = !video.live && isWatchedAt(progress.position, duration ?? video.durationSeconds);
    const position = video.live || watched ? 0 : Math.floor(progress.position);
    await this.repository.saveProgress(userId, video.id, { position, duration, watched });
  }

  /** Mark / unmark: explicit acts, recorded even while history is paused. */
  async setWatched(userId: number, externalId: string, watched: boolean): Promise<void> {
    const video = await this.video(externalId);
    if (watched) await this.repository.markWatched(userId, [video.id]);
    else await this.repository.unmarkWatched(userId, video.id);
  }

  /** "Mark all as watched" of a sift or the feed: the ids (the newest, at most MARK_ALL_WATCHED_MAX) its caller read. */
  markAllWatched(userId: number, videoIds: number[]): Promise<number> {
    return this.repository.markWatched(userId, videoIds.slice(0, MARK_ALL_WATCHED_MAX));
  }

  /** "Hide from my feeds", and its undo. */
  async setHidden(userId: number, externalId: string, hidden: boolean): Promise<void> {
    const video = await this.video(externalId);
    if (hidden) await this.repository.hide(userId, video.id);
    else await this.repository.unhide(userId, video.id);
  }

  async page(userId: number, query: { limit: number; next?: string | undefined; q?: string | undefined }): Promise<HistoryPage> {
    const after = query.next ? decodeCursor(query.next) : undefined;
    const words = (query.q ?? '').split(/\s+/).filter((w) => w.length > 0).slice(0, MAX_WORDS);
    const rows = await this.repository.page(userId, after, query.limit, words);
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      items: await this.onCards(shown, presentHistoryItem),
      next: rows.length > query.limit && last ? encodeCursor({ publishedAt: last.watchedAt, id: last.videoId }) : null,
    };
  }

  /** The member's dismissals, newest first, on their cards: each can be undone from the history page. */
  async hiddenPage(userId: number, query: { limit: number; next?: string | undefined }): Promise<HiddenPage> {
    const rows = await this.repository.hiddenPage(userId, query.next ? decodeCursor(query.next) : undefined, query.limit);
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      items: await this.onCards(shown, (card, row) => ({ ...card, hiddenAt: row.hiddenAt.toISOString() })),
      next: rows.length > query.limit && last ? encodeCursor({ publishedAt: last.hiddenAt, id: last.videoId }) : null,
    };
  }

  async continueWatching(userId: number, limit: number): Promise<ContinueWatching> {
    return { items: await this.onCards(await this.repository.unfinished(userId, limit), presentHistoryItem) };
  }

  /** Rows on their cards (the catalog's kept ones), in the rows' order; a row whose video has no card is left out. */
  private async onCards<R extends { videoId: number }, T>(rows: R[], present: (card: Video, row: R) => T): Promise<T[]> {
    const cards = new Map((await this.catalog.videoCards(rows.map((r) => r.videoId))).map((c) => [c.video.id, c.video]));
    return rows.flatMap((row) => {
      const card = cards.get(row.videoId);
      return card ? [present(card, row)] : [];
    });
  }

  /** Removes one video from the member's history: 404 when it is not in it (whoever else's it may be in). */
  async remove(userId: number, externalId: string): Promise<void> {
    const video = await this.video(externalId);
    if (!(await this.repository.remove(userId, video.id))) throw notFound('History entry');
  }

  clear(userId: number): Promise<void> {
    return this.repository.clear(userId);
  }

  /**
   * An import's watch history (issue 30 "Bring it, take it"), newest first as the file lists it. A video with a position
   * is watched by the rule (or when the file says so); one without is watched: the file lists it as seen. A video
   * without a time gets the import's time less its place in the list (a millisecond each), so the history page keeps
   * the file's order. While history is paused nothing is recorded ('paused'). Answers how many videos are new to the
   * member's history.
   */
  async importWatched(userId: number, entries: ImportedWatch[], now = new Date()): Promise<number | 'paused'> {
    if (await this.repository.paused(userId)) return 'paused';
    const rows = entries.map((e, index): ImportedWatchRow => {
      const duration = e.duration !== undefined && e.duration > 0 ? Math.round(e.duration) : null;
      const watched = e.watched ?? (e.position === undefined ? true : isWatchedAt(e.position, duration ?? 0));
      return {
        videoId: e.videoId,
        watchedAt: e.watchedAt ?? new Date(now.getTime() - index),
        position: watched ? 0 : Math.max(0, Math.floor(e.position ?? 0)),
        duration,
        watched,
      };
    });
    return this.repository.importWatched(userId, rows);
  }

  /** history.json of the data export (the shape Sift's import reads back, SiftHistoryExportEntry). */
  async exportHistory(userId: number): Promise<SiftHistoryExportEntry[]> {
    return (await this.repository.exportRows(userId)).map((r) => ({
      videoId: r.externalId,
      watchedAt: r.watchedAt.toISOString(),
      position: r.watched ? 0 : r.position,
      duration: r.duration,
      watched: r.watched,
      title: r.title,
      channelId: r.channelId,
      channelName: r.channelName,
      publishedAt: r.publishedAt.toISOString(),
      viewCount: Number(r.viewCount),
      lengthSeconds: r.lengthSeconds,
      live: r.live,
    }));
  }

  async settings(userId: number): Promise<HistorySettings> {
    return { paused: await this.repository.paused(userId) };
  }

  async setSettings(userId: number, settings: HistorySettings): Promise<HistorySettings> {
    await this.repository.setPaused(userId, settings.paused);
    return settings;
  }

  /** The member's marks of these videos (the cards of one page): one statement. */
  marks(userId: number, videoIds: number[]): Promise<Map<number, CardMarks>> {
    return this.repository.marks(userId, videoIds);
  }
}
