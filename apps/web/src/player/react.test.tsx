import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerEngine } from './engine';
import { usePlayerSelect } from './react';
import { fakeSource, harness, video } from './test-support';
import type { PlayerVideo } from './types';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePlayerSelect', () => {
  it('redraws a part only when what it selects changes, not on the player state changes around it (decision 059)', () => {
    const h = harness();
    let draws = 0;
    function Title({ engine }: { engine: PlayerEngine<PlayerVideo> }) {
      const current = usePlayerSelect(engine, (s) => s.video);
      draws++;
      return <h2>{current?.title ?? 'nothing'}</h2>;
    }
    render(<Title engine={h.engine} />);
    expect(screen.getByRole('heading').textContent).toBe('nothing');
    const first = video('a', { title: 'First' });
    act(() => void h.engine.open(first, fakeSource(3)));
    expect(screen.getByRole('heading').textContent).toBe('First');
    const afterOpen = draws;
    // Volume, mute, controls, view: the snapshot changes, the video does not.
    act(() => {
      h.engine.setVolume(30);
      h.engine.toggleMute();
      h.engine.setView({ cinema: true });
      h.engine.activity();
    });
    expect(draws).toBe(afterOpen);
    act(() => void h.engine.open(video('b', { title: 'Second' }), null));
    expect(screen.getByRole('heading').textContent).toBe('Second');
    expect(draws).toBe(afterOpen + 1);
  });
});
