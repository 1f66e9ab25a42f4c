import { itemKey, mergeUnique, nextCursor } from '../lib/paging';
import { QUEUE_PAGE_SIZE } from './constants';
import { sameVideo, type CurrentItem, type PlayerVideo } from './types';

/**
 * The list the current video plays from (SPEC §4 "Autoplay on end", "Play next", "Play previous"): a playlist, a
 * sift, a channel, or a single video. Sources page by opaque cursor, QUEUE_PAGE_SIZE at a time.
 */

export interface QueuePage<V> {
  videos: readonly V[];
  /** Cursor of the next page, or null when this page was the last. */
  next: string | null;
}

export interface QueueSource<V extends PlayerVideo = PlayerVideo> {
  /** Same key, same list: choosing another video of it keeps what is loaded. `channel:UC…`, `p:12`, `s:hash`. */
  readonly key: string;
  /** SPEC §3 "Current item playing"; null for a video played on its own. */
  readonly item: CurrentItem | null;
  readonly pageSize: number;
  /**
   * A list a person plays from inside (a playlist, a sift, the feed: a card clicked halfway down its page): how many
   * pages it may load to find the video it was opened on, so that Next goes on from there (issue 31). Absent: the
   * first page only (a channel's "More from", where the video may be years down its uploads).
   */
  readonly findPages?: number;
  fetchPage(cursor: string | null, signal: AbortSignal): Promise<QueuePage<V>>;
}

export interface QueueSnapshot<V> {
  videos: readonly V[];
  /** No more pages. */
  complete: boolean;
  loading: boolean;
  /** The last fetch failed; the next fetch tries again. */
  error: boolean;
}

/** A source's pages, loaded on demand, merged without duplicates (lib/paging rules). */
export class Queue<V extends PlayerVideo = PlayerVideo> {
  private pages: V[][] = [];
  private merged: V[] = [];
  private cursor: string | null = null;
  private started = false;
  private done = false;
  private inFlight: Promise<boolean> | null = null;
  private finding: Promise<boolean> | null = null;
  private failed = false;
  private readonly controller = new AbortController();
  private snap: QueueSnapshot<V> | null = null;

  constructor(
    readonly source: QueueSource<V>,
    private readonly onChange: () => void = () => {},
  ) {}

  get videos(): readonly V[] {
    return this.merged;
  }
  get complete(): boolean {
    return this.done;
  }
  get loading(): boolean {
    return this.inFlight !== null;
  }

  /** The same object until something changes, so views can skip work when it has not. */
  snapshot(): QueueSnapshot<V> {
    const s = this.snap;
    if (s && s.videos === this.merged && s.complete === this.done && s.loading === this.loading && s.error === this.failed) return s;
    this.snap = { videos: this.merged, complete: this.done, loading: this.loading, error: this.failed };
    return this.snap;
  }

  indexOf(video: PlayerVideo | null | undefined): number {
    if (!video) return -1;
    const exact = this.merged.findIndex((v) => sameVideo(v, video));
    if (exact >= 0 || video.itemId != null) return exact;
    // Outside playlists an item id means nothing: match on the video alone.
    return this.merged.findIndex((v) => v.externalId === video.externalId);
  }

  /**
   * Loads the next page. Resolves true when videos were added. Concurrent calls share one request; a complete
   * list resolves false at once.
   */
  fetchMore(): Promise<boolean> {
    if (this.done) return Promise.resolve(false);
    if (this.inFlight) return this.inFlight;
    const before = this.merged.length;
    const cursor = this.started ? this.cursor : null;
    const run = (async () => {
      try {
        const page = await this.source.fetchPage(cursor, this.controller.signal);
        if (this.controller.signal.aborted) return false;
        this.started = true;
        this.failed = false;
        this.pages.push([...page.videos]);
        this.merged = mergeUnique(this.pages);
        const next = nextCursor({ next: page.next, videos: page.videos }, this.source.pageSize);
        this.cursor = next ?? null;
        this.done = next === undefined;
        return this.merged.length > before;
      } catch {
        if (!this.controller.signal.aborted) this.failed = true;
        return false;
      } finally {
        this.inFlight = null;
        if (!this.controller.signal.aborted) this.onChange();
      }
    })();
    this.inFlight = run;
    this.onChange();
    return run;
  }

  /**
   * Loads the first page, and then, while `video` is not among what is loaded, further pages, up to the source's
   * `findPages` (a failed page or the end of the list stop it). Resolves whether the video is there.
   */
  find(video: V): Promise<boolean> {
    const run = (async () => {
      for (let page = 0; ; page++) {
        if (this.indexOf(video) >= 0) return true;
        if (this.done || this.controller.signal.aborted || page >= Math.max(1, this.source.findPages ?? 1)) return this.indexOf(video) >= 0;
        await this.fetchMore();
        if (this.failed) return this.indexOf(video) >= 0;
      }
    })();
    this.finding = run;
    void run.finally(() => {
      if (this.finding === run) this.finding = null;
    });
    return run;
  }

  /** While `find` is under way: its promise (Next waits for it rather than go back to the top of the list). */
  get searching(): Promise<boolean> | null {
    return this.finding;
  }

  /** Stops any request in flight; the queue is not used after this. */
  dispose(): void {
    this.controller.abort();
  }
}

/** A video on its own: a queue of one, complete from the start. */
export function singleVideoSource<V extends PlayerVideo>(video: V): QueueSource<V> {
  return {
    key: `video:${itemKey(video)}`,
    item: null,
    pageSize: QUEUE_PAGE_SIZE,
    fetchPage: async () => ({ videos: [video], next: null }),
  };
}
