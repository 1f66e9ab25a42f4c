import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@sift/contracts';
import type { PlayerEngine } from '../../../player/engine';
import { usePlayerSnapshot } from '../../../player/react';
import { fakeSource, harness, video } from '../../../player/test-support';
import { UpNext } from './UpNext';

/** SPEC §9 "Infinite scroll trigger: 100 px in one area": the player's queue loads its next page on its own. */

interface Observed {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Element[];
  disconnected: boolean;
}
let observers: Observed[];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: Observed;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, targets: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.targets.push(el);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function View({ engine }: { engine: PlayerEngine<Video> }) {
  const snap = usePlayerSnapshot(engine);
  return (
    <div style={{ overflowY: 'auto', maxHeight: '460px' }} data-testid="scroller">
      <UpNext engine={engine} queue={snap.queue} item={snap.item} current={snap.video} />
    </div>
  );
}

describe('UpNext', () => {
  it('loads the next page when the end of the queue comes within 100 px of its scrolling area', async () => {
    const h = harness();
    const source = fakeSource(60, { pageSize: 48 });
    render(<View engine={h.engine as unknown as PlayerEngine<Video>} />);
    await act(async () => void (await h.engine.open(video(0), source)));
    expect(screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-hidden') !== 'true')).toHaveLength(48);

    const live = observers.filter((o) => !o.disconnected);
    expect(live).toHaveLength(1);
    expect(live[0]!.options?.rootMargin).toBe('0px 0px 100px 0px');
    expect(live[0]!.options?.root).toBe(screen.getByTestId('scroller'));

    await act(async () => {
      live[0]!.callback([{ isIntersecting: true, target: live[0]!.targets[0]! } as IntersectionObserverEntry], {} as IntersectionObserver);
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(source.fetches).toEqual([null, '48']));
    expect(screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-hidden') !== 'true')).toHaveLength(60);
    // The queue is complete: nothing is observed any more.
    expect(observers.filter((o) => !o.disconnected)).toHaveLength(0);
  });
});
