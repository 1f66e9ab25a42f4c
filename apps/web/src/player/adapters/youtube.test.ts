import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_LOAD_TIMEOUT_MS, CREATE_DELAY_MS, CREATE_RETRY_MS, PlayerState, PROGRESS_TICK_MS } from '../constants';
import { PlayerEngine } from '../engine';
import { fakeSource, harness, video } from '../test-support';
import type { PlayerVideo } from '../types';
import { createAdapterFactory } from './index';
import STAND_IN from './__fixtures__/youtube-iframe-api.js?raw';
import { resetYouTubeApiLoader, YouTubeAdapter, type YouTubeApiOptions } from './youtube';

/**
 * The YouTube adapter against a local stand-in of https://www.youtube.com/iframe_api that implements the documented
 * YT.Player interface (__fixtures__/youtube-iframe-api.js), driven through the real engine.
 */

type Win = Window & { YT?: unknown; YT_STANDIN?: { players: unknown[]; duration?: number }; onYouTubeIframeAPIReady?: () => void };
const win = window as Win;

const yt = (id: string, extra: Partial<PlayerVideo> = {}) => video(id, { externalId: id, mediaUrl: null, provider: 'youtube', ...extra });

/** Serves the stand-in like a <script> would: asynchronously, once per request. */
function standInLoader() {
  const requests: string[] = [];
  const loadScript: NonNullable<YouTubeApiOptions['loadScript']> = (url) => {
    requests.push(url);
    setTimeout(() => new Function(STAND_IN)(), 30);
  };
  return { requests, loadScript };
}

function engineWith(options: YouTubeApiOptions) {
  const h = harness();
  const factory = createAdapterFactory({ youtube: { scriptUrl: '/standin/iframe_api', ...options } });
  const engine = new PlayerEngine<PlayerVideo>({
    adapters: factory,
    prefs: h.prefs,
    openExternal: (v) => h.opened.push(v),
    log: (m) => h.logs.push(m),
  });
  const host = document.createElement('div');
  document.body.appendChild(host);
  engine.attach(host);
  return { ...h, engine, host };
}

beforeEach(() => {
  vi.useFakeTimers();
  resetYouTubeApiLoader();
  delete win.YT;
  delete win.YT_STANDIN;
  delete win.onYouTubeIframeAPIReady;
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading the IFrame API', () => {
  it('requests the script once, from the configured URL, and is ready when the API says so', async () => {
    const { requests, loadScript } = standInLoader();
    const a = new YouTubeAdapter({ scriptUrl: '/standin/iframe_api', loadScript });
    const b = new YouTubeAdapter({ scriptUrl: '/other', loadScript });
    expect(a.apiStatus()).toBe('loading');
    expect(b.apiStatus()).toBe('loading');
    expect(requests).toEqual(['/standin/iframe_api']);
    await vi.advanceTimersByTimeAsync(100);
    expect(a.apiStatus()).toBe('ready');
    expect(b.apiStatus()).toBe('ready');
  });

  it('keeps a page callback that was there before', async () => {
    const previous = vi.fn();
    win.onYouTubeIframeAPIReady = previous;
    const { loadScript } = standInLoader();
    new YouTubeAdapter({ loadScript }).apiStatus();
    await vi.advanceTimersByTimeAsync(100);
    expect(previous).toHaveBeenCalledOnce();
  });

  it('fails when the script cannot load, or does not answer within the timeout', async () => {
    const broken = new YouTubeAdapter({ loadScript: (_url, onError) => setTimeout(onError, 10) });
    expect(broken.apiStatus()).toBe('loading');
    await vi.advanceTimersByTimeAsync(10);
    expect(broken.apiStatus()).toBe('failed');

    resetYouTubeApiLoader();
    const silent = new YouTubeAdapter({ loadScript: () => {}, timeoutMs: 1_000 });
    expect(silent.apiStatus()).toBe('loading');
    await vi.advanceTimersByTimeAsync(999);
    expect(silent.apiStatus()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.apiStatus()).toBe('failed');
  });

  it('inserts a <script> by default', () => {
    new YouTubeAdapter({ scriptUrl: 'https://example.test/iframe_api' }).apiStatus();
    const script = document.head.querySelector('script[src="https://example.test/iframe_api"]');
    expect(script).not.toBeNull();
  });
});

describe('the engine on the YouTube adapter', () => {
  it('creates the player once the API is ready, maps its states, and autoplays the next video on end', async () => {
    const { loadScript, requests } = standInLoader();
    const h = engineWith({ loadScript });
    const source = fakeSource(3, { make: (i) => yt(`yt${i}`) });
    h.engine.open(yt('yt0'), source);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(requests).toHaveLength(1);
    expect(h.engine.getSnapshot().status).toBe('creating'); // API still loading: retried every 500 ms
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS);
    const iframe = h.host.querySelector('iframe[data-standin="youtube"]');
    expect(iframe?.getAttribute('data-video-id')).toBe('yt0');

    await vi.advanceTimersByTimeAsync(10);
    expect(h.engine.getSnapshot()).toMatchObject({ status: 'ready', state: PlayerState.BUFFERING });
    await vi.advanceTimersByTimeAsync(60);
    expect(h.engine.getSnapshot().state).toBe(PlayerState.PLAYING);
    await vi.advanceTimersByTimeAsync(2_000 + PROGRESS_TICK_MS);
    expect(h.engine.getTime().currentTime).toBeGreaterThan(2);
    expect(h.engine.getTime().duration).toBe(30);

    h.engine.togglePlay();
    expect(h.engine.getSnapshot().state).toBe(PlayerState.PAUSED);
    h.engine.seekBy(5);
    expect(h.engine.getTime().currentTime).toBeGreaterThan(7);
    h.engine.seekTo(29);
    h.engine.togglePlay();
    await vi.advanceTimersByTimeAsync(1_100);
    // ENDED → the next video; the first player is gone, the next one comes 200 ms later.
    expect(h.engine.getSnapshot().video?.externalId).toBe('yt1');
    expect(h.host.querySelectorAll('iframe')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + 10);
    expect([...h.host.querySelectorAll('iframe')].map((f) => f.getAttribute('data-video-id'))).toEqual(['yt1']);
    expect(requests).toHaveLength(1); // the API is loaded once per page
  });

  it('passes volume, mute and rate to the player', async () => {
    const { loadScript } = standInLoader();
    const h = engineWith({ loadScript });
    h.prefs.set('currentVideoVolume', 30);
    h.engine.setVolume(30);
    h.engine.setMuted(true);
    h.engine.open(yt('yt0'), fakeSource(1, { make: () => yt('yt0') }));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS + 10);
    const player = win.YT_STANDIN!.players[0] as { getVolume(): number; isMuted(): boolean; getPlaybackRate(): number };
    expect(player.getVolume()).toBe(30);
    expect(player.isMuted()).toBe(true);
    h.engine.setPlaybackRate(1.5);
    expect(player.getPlaybackRate()).toBe(1.5);
  });

  it('error 150: the video is marked non-embeddable and the leave flow starts', async () => {
    const { loadScript } = standInLoader();
    const h = engineWith({ loadScript });
    h.engine.open(yt('err150a'), fakeSource(3, { make: (i) => yt(i === 0 ? 'err150a' : `yt${i}`) }));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS + 10);
    const s = h.engine.getSnapshot();
    expect(s).toMatchObject({ blocked: true, state: PlayerState.UNSTARTED, video: { embeddable: false } });
    expect(s.leave).toMatchObject({ automatic: true, autoAdvance: true });
    expect(h.host.querySelector('iframe')).toBeNull();
  });

  it('error 100 is only logged; error 5 plays the next video', async () => {
    const { loadScript } = standInLoader();
    const h = engineWith({ loadScript });
    const source = fakeSource(3, { make: (i) => yt(['err100a', 'err5b', 'yt2'][i]!) });
    h.engine.open(yt('err100a'), source);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS + 10);
    expect(h.logs.join('\n')).toMatch(/\(100\)/);
    expect(h.engine.getSnapshot().video?.externalId).toBe('err100a');
    h.engine.open(yt('err5b'));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + 10);
    expect(h.engine.getSnapshot().video?.externalId).toBe('yt2');
  });

  it('captions become available when the player announces them', async () => {
    const { loadScript } = standInLoader();
    const h = engineWith({ loadScript });
    h.engine.open(yt('withcc'), fakeSource(1, { make: () => yt('withcc') }));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS + 10);
    expect(h.engine.getSnapshot().captionsAvailable).toBe(false);
    await vi.advanceTimersByTimeAsync(100 + PROGRESS_TICK_MS);
    expect(h.engine.getSnapshot().captionsAvailable).toBe(true);
    h.engine.setCaptions('en');
    const player = win.YT_STANDIN!.players[0] as { getOption(m: string, o: string): unknown };
    expect(player.getOption('captions', 'track')).toEqual({ languageCode: 'en' });
  });

  it('degrades to "unavailable" (the thumbnail card) when the API never loads', async () => {
    const h = engineWith({ loadScript: () => {} });
    h.engine.open(yt('yt0'), fakeSource(1, { make: () => yt('yt0') }));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + API_LOAD_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS);
    expect(h.engine.getSnapshot()).toMatchObject({ status: 'unavailable', blocked: false });
    expect(h.host.querySelector('iframe')).toBeNull();
  });
});
