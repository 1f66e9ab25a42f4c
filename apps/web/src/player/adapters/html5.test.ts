import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerState } from '../constants';
import { video } from '../test-support';
import { Html5Adapter } from './html5';

/** Media events of the HTML5 adapter, mapped to the engine's (YouTube's) states. jsdom plays nothing: stubbed. */

let play: ReturnType<typeof vi.fn>;
beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as never);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(options = { autoplay: true, volume: 40, muted: true, playbackRate: 1.5 }) {
  const host = document.createElement('div');
  const events = { onReady: vi.fn(), onStateChange: vi.fn(), onError: vi.fn() };
  const adapter = new Html5Adapter();
  adapter.create(host, video(1), options, events);
  const el = host.querySelector('video')!;
  return { host, events, adapter, el };
}

describe('Html5Adapter', () => {
  it('puts a <video> for the media in the host, with the volume, mute and rate asked for', () => {
    const { el } = setup();
    expect(el.getAttribute('src')).toBe('/media/1.webm');
    expect(el.volume).toBe(0.4);
    expect(el.muted).toBe(true);
    expect(el.playbackRate).toBe(1.5);
    expect(el.playsInline).toBe(true);
    expect(el.controls).toBe(false);
  });

  it('maps media events to states: ready and CUED, then PLAYING, BUFFERING, PAUSED, ENDED; errors as 5', () => {
    vi.useFakeTimers();
    const { el, events } = setup();
    el.dispatchEvent(new Event('loadedmetadata'));
    expect(events.onReady).toHaveBeenCalledOnce();
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.CUED);
    // Autoplay is asked a task later, not inside the event (issue 32).
    expect(play).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(play).toHaveBeenCalledOnce();
    el.dispatchEvent(new Event('playing'));
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.PLAYING);
    Object.defineProperty(el, 'paused', { value: false, configurable: true });
    el.dispatchEvent(new Event('waiting'));
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.BUFFERING);
    el.dispatchEvent(new Event('pause'));
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.PAUSED);
    el.dispatchEvent(new Event('ended'));
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.ENDED);
    el.dispatchEvent(new Event('error'));
    expect(events.onError).toHaveBeenCalledWith(5);
  });

  it('a refused autoplay leaves it PAUSED (the play button shows)', async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    vi.useFakeTimers();
    const { el, events } = setup();
    el.dispatchEvent(new Event('loadedmetadata'));
    await vi.runAllTimersAsync();
    expect(events.onStateChange).toHaveBeenLastCalledWith(PlayerState.PAUSED);
  });

  it('a player destroyed before its autoplay task asks nothing of the element', () => {
    vi.useFakeTimers();
    const { el, adapter } = setup();
    el.dispatchEvent(new Event('loadedmetadata'));
    adapter.destroy();
    vi.runAllTimers();
    expect(play).not.toHaveBeenCalled();
  });

  it('destroy removes the element and reports nothing after', () => {
    const { host, el, events, adapter } = setup();
    adapter.destroy();
    expect(host.querySelector('video')).toBeNull();
    el.dispatchEvent(new Event('playing'));
    expect(events.onStateChange).not.toHaveBeenCalled();
  });

  it('has no captions for media without an English text track', () => {
    const { adapter } = setup();
    expect(adapter.hasCaptions()).toBe(false);
  });
});
