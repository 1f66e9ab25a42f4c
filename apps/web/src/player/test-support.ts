import { createPreferenceStore } from '../lib/storage';
import type { AdapterEvents, ApiStatus, CreateOptions, PlayerAdapter } from './adapter';
import type { PlayerState } from './constants';
import { PlayerEngine, type EngineOptions } from './engine';
import type { QueuePage, QueueSource } from './queue';
import type { CurrentItem, PlayerVideo } from './types';

/** Test doubles for the engine's unit tests (imported by *.test.ts only; not part of the app bundle). */

export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

export function video(n: number | string, extra: Partial<PlayerVideo> = {}): PlayerVideo {
  return {
    externalId: `vid${n}`,
    title: `Video ${n}`,
    thumbnail: `/thumb/${n}.svg`,
    embeddable: true,
    mediaUrl: `/media/${n}.webm`,
    provider: 'demo',
    channelExternalId: 'UCchan',
    channelName: 'Channel',
    ...extra,
  };
}

/** A fake provider player: records commands, and the test drives its events. */
export class FakeAdapter implements PlayerAdapter {
  static created: FakeAdapter[] = [];
  status: ApiStatus = 'ready';
  statusCalls = 0;
  events: AdapterEvents | null = null;
  video: PlayerVideo | null = null;
  options: CreateOptions | null = null;
  destroyed = false;
  calls: string[] = [];
  currentTime = 0;
  duration = 30;
  captions = false;
  rates: number[] = [0.5, 1, 1.5, 2];

  apiStatus(): ApiStatus {
    this.statusCalls++;
    return this.status;
  }
  create(_host: HTMLElement, video: PlayerVideo, options: CreateOptions, events: AdapterEvents): void {
    this.video = video;
    this.options = options;
    this.events = events;
    FakeAdapter.created.push(this);
  }
  destroy(): void {
    this.destroyed = true;
    this.calls.push('destroy');
  }
  play(): void {
    this.calls.push('play');
  }
  pause(): void {
    this.calls.push('pause');
  }
  stop(): void {
    this.calls.push('stop');
  }
  seekTo(s: number): void {
    this.calls.push(`seek:${s}`);
    this.currentTime = s;
  }
  getCurrentTime(): number {
    return this.currentTime;
  }
  getDuration(): number {
    return this.duration;
  }
  setVolume(v: number): void {
    this.calls.push(`volume:${v}`);
  }
  setMuted(m: boolean): void {
    this.calls.push(`muted:${m}`);
  }
  setPlaybackRate(r: number): void {
    this.calls.push(`rate:${r}`);
  }
  getAvailablePlaybackRates(): readonly number[] {
    return this.rates;
  }
  hasCaptions(): boolean {
    return this.captions;
  }
  setCaptions(l: string | null): void {
    this.calls.push(`captions:${l}`);
  }

  /** Provider says: ready, then the given states in order. */
  ready(...states: PlayerState[]): this {
    this.events?.onReady();
    states.forEach((s) => this.events?.onStateChange(s));
    return this;
  }
  state(s: PlayerState): this {
    this.events?.onStateChange(s);
    return this;
  }
  error(code: number): this {
    this.events?.onError(code);
    return this;
  }
}

/** A paged list of `total` videos, `pageSize` a page; records every fetch. */
export function fakeSource(
  total: number,
  options: { pageSize?: number; item?: CurrentItem | null; key?: string; make?: (i: number) => PlayerVideo; fail?: () => boolean } = {},
): QueueSource & { fetches: Array<string | null> } {
  const pageSize = options.pageSize ?? 48;
  const all = Array.from({ length: total }, (_, i) => (options.make ? options.make(i) : video(i)));
  const fetches: Array<string | null> = [];
  return {
    key: options.key ?? 'channel:UCchan',
    item: options.item === undefined ? { type: 'channel', id: 'UCchan', name: 'Channel' } : options.item,
    pageSize,
    fetches,
    async fetchPage(cursor): Promise<QueuePage<PlayerVideo>> {
      fetches.push(cursor);
      if (options.fail?.()) throw new Error('network');
      const start = cursor ? Number(cursor) : 0;
      const videos = all.slice(start, start + pageSize);
      const end = start + videos.length;
      return { videos, next: end < total ? String(end) : null };
    },
  };
}

export interface Harness {
  engine: PlayerEngine;
  prefs: ReturnType<typeof createPreferenceStore>;
  opened: PlayerVideo[];
  logs: string[];
  /** The adapter created last (the one playing). */
  adapter(): FakeAdapter;
  factoryCalls: PlayerVideo[];
  nextStatus: { value: ApiStatus };
}

export function harness(overrides: Partial<EngineOptions<PlayerVideo>> = {}, attach = true): Harness {
  FakeAdapter.created = [];
  const storage = memoryStorage();
  const prefs = createPreferenceStore(() => storage);
  const opened: PlayerVideo[] = [];
  const logs: string[] = [];
  const factoryCalls: PlayerVideo[] = [];
  const nextStatus = { value: 'ready' as ApiStatus };
  const engine = new PlayerEngine<PlayerVideo>({
    adapters: (v) => {
      factoryCalls.push(v);
      const a = new FakeAdapter();
      a.status = nextStatus.value;
      lastMade = a;
      return a;
    },
    prefs,
    openExternal: (v) => opened.push(v),
    log: (m) => logs.push(m),
    ...overrides,
  });
  let lastMade: FakeAdapter | null = null;
  if (attach) engine.attach({} as HTMLElement);
  return {
    engine,
    prefs,
    opened,
    logs,
    factoryCalls,
    nextStatus,
    adapter: () => {
      if (!lastMade) throw new Error('no adapter made yet');
      return lastMade;
    },
  };
}
