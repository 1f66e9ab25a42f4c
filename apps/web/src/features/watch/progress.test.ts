import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreferenceStore } from '../../lib/storage';
import { CREATE_DELAY_MS, PlayerState, PROGRESS_TICK_MS } from '../../player/constants';
import { singleVideoSource } from '../../player/queue';
import { harness, memoryStorage, video } from '../../player/test-support';
import type { PlayerVideo } from '../../player/types';
import { isWatchedAt, LOCAL_PROGRESS_LIMIT, LocalProgress, recordProgress, resumePoint, SAVE_EVERY_MS, startPosition, type ProgressVideo, type SavedPosition } from './progress';

type V = PlayerVideo & ProgressVideo;
const clip = (n: number, extra: Partial<V> = {}): V => ({ ...video(n), durationSeconds: 600, liveStatus: 'NONE', ...extra });

/** A page's window for the recorder: it listens for the page being hidden or closed. */
function fakeWindow() {
  const target = new EventTarget();
  const doc = { visibilityState: 'visible' as DocumentVisibilityState };
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    document: doc,
    hide() {
      doc.visibilityState = 'hidden';
      target.dispatchEvent(new Event('visibilitychange'));
    },
    close: () => target.dispatchEvent(new Event('pagehide')),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the rules of resuming (issue 30)', () => {
  it('counts a video as watched within its last 30 s or past 95 %, never before its middle (the server’s rule)', () => {
    expect(isWatchedAt(569, 600)).toBe(false);
    expect(isWatchedAt(570, 600)).toBe(true);
    expect(isWatchedAt(95, 100)).toBe(true);
    expect(isWatchedAt(60, 100)).toBe(false);
    expect(isWatchedAt(10, 0)).toBe(false);
    // Never before the middle: a 40 s clip is not watched at 10 s.
    expect(isWatchedAt(10, 40)).toBe(false);
    expect(isWatchedAt(20, 40)).toBe(true);
  });

  it('resumes where a video was left, from the start when it was watched or barely begun', () => {
    expect(resumePoint(754.6, 1800)).toBe(754);
    expect(resumePoint(1790, 1800)).toBeUndefined();
    expect(resumePoint(3, 1800)).toBeUndefined();
    expect(resumePoint(null, 1800)).toBeUndefined();
  });

  it("starts a member's video at the server's position unless this tab saved a newer one; live videos from the live edge", () => {
    const local = new LocalProgress(createPreferenceStore(() => memoryStorage()));
    expect(startPosition(clip(1, { position: 120 }), local, true)).toBe(120);
    local.put('vid1', { position: 300, duration: 600 }, true);
    expect(startPosition(clip(1, { position: 120 }), local, true)).toBe(300);
    expect(startPosition(clip(2, { position: 120, liveStatus: 'LIVE' }), local, true)).toBeUndefined();
  });

  it("keeps a visitor's positions in this browser, the last 200 videos, and reads past damaged entries", () => {
    const storage = memoryStorage();
    const local = new LocalProgress(createPreferenceStore(() => storage));
    for (let i = 0; i <= LOCAL_PROGRESS_LIMIT; i++) local.put(`v${i}`, { position: 60 + i, duration: 600 }, false);
    // A new page load: only what was stored.
    const reloaded = new LocalProgress(createPreferenceStore(() => storage));
    expect(reloaded.get('v0', false)).toBeUndefined();
    expect(reloaded.get('v1', false)).toEqual({ position: 61, duration: 600 });
    expect(reloaded.get(`v${LOCAL_PROGRESS_LIMIT}`, false)).toEqual({ position: 60 + LOCAL_PROGRESS_LIMIT, duration: 600 });
    storage.setItem('sift.watch_progress', JSON.stringify([['ok', 70, 600], ['bad', 'x', 1], 5, null]));
    const damaged = new LocalProgress(createPreferenceStore(() => storage));
    expect(damaged.get('ok', false)).toEqual({ position: 70, duration: 600 });
    expect(damaged.get('bad', false)).toBeUndefined();
  });
});

describe('saving the position as a video plays (issue 30)', () => {
  async function playingWithRecorder(member = true) {
    const h = harness();
    const sent: Array<[string, SavedPosition, boolean]> = [];
    const local = new LocalProgress(h.prefs);
    const win = fakeWindow();
    const stop = recordProgress<V>(
      h.engine as never,
      local,
      { member: () => member, send: (id, saved, { keepalive }) => sent.push([id, saved, keepalive]) },
      win,
    );
    h.engine.open(clip(1), singleVideoSource(clip(1)));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().duration = 600;
    h.adapter().ready(PlayerState.PLAYING);
    const playTo = async (seconds: number) => {
      h.adapter().currentTime = seconds;
      await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS);
    };
    return { ...h, sent, local, win, stop, playTo };
  }

  it('sends the position every 10 s while playing, never the same one twice', async () => {
    const p = await playingWithRecorder();
    await p.playTo(4);
    expect(p.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_EVERY_MS - PROGRESS_TICK_MS);
    expect(p.sent).toEqual([['vid1', { position: 4, duration: 600 }, false]]);
    // Stalled (buffering at the same second): nothing new to say.
    await vi.advanceTimersByTimeAsync(SAVE_EVERY_MS);
    expect(p.sent).toHaveLength(1);
    await p.playTo(25);
    await vi.advanceTimersByTimeAsync(SAVE_EVERY_MS);
    expect(p.sent.at(-1)).toEqual(['vid1', { position: 25, duration: 600 }, false]);
  });

  it('saves on pause, at the end (as watched), and when another video takes its place', async () => {
    const p = await playingWithRecorder();
    await p.playTo(42);
    p.adapter().state(PlayerState.PAUSED);
    expect(p.sent.at(-1)).toEqual(['vid1', { position: 42, duration: 600 }, false]);
    p.adapter().state(PlayerState.PLAYING);
    await p.playTo(100);
    p.engine.open(clip(2), singleVideoSource(clip(2)), 'user');
    expect(p.sent.at(-1)).toEqual(['vid1', { position: 100, duration: 600 }, false]);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    p.adapter().duration = 600;
    p.adapter().ready(PlayerState.PLAYING, PlayerState.ENDED);
    expect(p.sent.at(-1)).toEqual(['vid2', { position: 600, duration: 600 }, false]);
  });

  it('saves with keepalive when the page is hidden or closed', async () => {
    const p = await playingWithRecorder();
    await p.playTo(61);
    p.win.hide();
    expect(p.sent.at(-1)).toEqual(['vid1', { position: 61, duration: 600 }, true]);
    await p.playTo(62);
    p.win.close();
    expect(p.sent.at(-1)).toEqual(['vid1', { position: 62, duration: 600 }, true]);
  });

  it("sends nothing for a visitor, whose position stays in the browser", async () => {
    const p = await playingWithRecorder(false);
    await p.playTo(80);
    p.adapter().state(PlayerState.PAUSED);
    expect(p.sent).toEqual([]);
    expect(p.local.get('vid1', false)).toEqual({ position: 80, duration: 600 });
    expect(p.prefs.get('watch_progress')).toEqual([['vid1', 80, 600]]);
  });
});
