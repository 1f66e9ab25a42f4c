import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@sift/contracts';
import { CREATE_DELAY_MS, CREATE_RETRY_MS, PlayerState } from '../../../player/constants';
import type { PlayerEngine } from '../../../player/engine';
import { usePlayerSnapshot } from '../../../player/react';
import { fakeSource, harness, video } from '../../../player/test-support';
import { PlayerSurface } from './PlayerSurface';

/** The video area as people see it: the thumbnail card, its "Open on …", and the controls' names and states. */

function View({ engine }: { engine: PlayerEngine<Video> }) {
  const snap = usePlayerSnapshot(engine);
  return (
    <MemoryRouter>
      <PlayerSurface engine={engine} snap={snap} mode="max" desktop onToggleFullscreen={() => {}} onSwipe={() => {}} onHelp={() => {}} />
    </MemoryRouter>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const asApp = (e: unknown) => e as PlayerEngine<Video>;

describe('PlayerSurface', () => {
  it('degrades to the thumbnail card with "Open on YouTube" when the YouTube API never loads', async () => {
    const h = harness();
    h.nextStatus.value = 'failed';
    const yt = video('abc', { externalId: 'abc', provider: 'youtube', mediaUrl: null });
    render(<View engine={asApp(h.engine)} />);
    act(() => void h.engine.open(yt, fakeSource(1, { make: () => yt })));
    await act(() => vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS));
    expect(screen.getByText("This video can't be played here.")).toBeTruthy();
    expect(screen.getByText('The YouTube player could not be loaded.')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Open on YouTube/ });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(link.getAttribute('target')).toBe('_blank');
    // SPEC §9: standard-quality thumbnail on desktop.
    expect(document.querySelector('.pl-card img')?.getAttribute('src')).toBe('https://i.ytimg.com/vi/abc/sddefault.jpg');
  });

  it('a non-embeddable video: the card opens the leave modal; previous and next stay usable', async () => {
    const h = harness();
    h.prefs.set('showOpenNonEmbeddableVideoMessage', false);
    h.prefs.set('autoplay', false);
    render(<View engine={asApp(h.engine)} />);
    act(() => void h.engine.open(video(1, { embeddable: false }), fakeSource(3)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('It plays on the video service.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous video' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Next video' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Open on the video service…' }));
    expect(h.engine.getSnapshot().leave).toMatchObject({ automatic: false });
  });

  it('controls: names, the pause icon while playing, previous disabled on the first video', async () => {
    const h = harness();
    render(<View engine={asApp(h.engine)} />);
    act(() => void h.engine.open(video(0), fakeSource(3)));
    await act(() => vi.advanceTimersByTimeAsync(CREATE_DELAY_MS));
    act(() => void h.adapter().ready(PlayerState.PLAYING));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous video' }) as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['Mute', 'Fullscreen', 'Cinema mode', 'Settings', 'Captions: Off', 'Playback speed: Normal']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(h.adapter().calls.at(-1)).toBe('pause');
    act(() => void h.adapter().state(PlayerState.PAUSED));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
