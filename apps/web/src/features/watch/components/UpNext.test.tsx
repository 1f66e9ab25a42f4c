import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@sift/contracts';
import type { PlayerEngine } from '../../../player/engine';
import { usePlayerSnapshot } from '../../../player/react';
import { fakeSource, harness, video } from '../../../player/test-support';
import { UpNext } from './UpNext';
import { REVEAL_BATCH } from '../../../components/InfiniteList';

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
      <UpNext engine={engine} queue={snap.queue} item={snap.item} currentAt={snap.index} />
    </div>
  );
}

describe('UpNext', () => {
  it('loads the next page when the end of the queue comes within 100 px of its scrolling area', async () => {
    // Pages of 12 (the app's are 48): the same batches and the same order of events, in a third of the renders,
    // which a busy machine draws slowly.
    const PAGE = 12;
    const h = harness();
    const source = fakeSource(PAGE + 8, { pageSize: PAGE });
    render(<View engine={h.engine as unknown as PlayerEngine<Video>} />);
    await act(async () => void (await h.engine.open(video(0), source)));
    const items = () => screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-hidden') !== 'true');
    // The first batch is drawn; the rest of the page waits for its end to come near.
    expect(items()).toHaveLength(REVEAL_BATCH);

    const reportEnd = async (isIntersecting: boolean) => {
      const live = observers.filter((o) => !o.disconnected);
      expect(live).toHaveLength(1);
      expect(live[0]!.options?.rootMargin).toBe('0px 0px 100px 0px');
      expect(live[0]!.options?.root).toBe(screen.getByTestId('scroller'));
      await act(async () => {
        live[0]!.callback([{ isIntersecting, target: live[0]!.targets[0]! } as IntersectionObserverEntry], {} as IntersectionObserver);
        await new Promise((r) => setTimeout(r, 0));
      });
    };
    // A report that the end is near draws one more batch; the observer made for the new end reports again.
    await reportEnd(true);
    await vi.waitFor(() => expect(items()).toHaveLength(2 * REVEAL_BATCH));
    await reportEnd(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(items()).toHaveLength(2 * REVEAL_BATCH);
    // Near the end, again and again: a batch each time until the page is drawn; only then is the next page asked for.
    // One report at a time, each waited on until its batch is drawn (the state, however slow the machine): the
    // observer made for the new end comes in an effect after the paint, so a report is repeated until one has drawn.
    const BATCHES_AT_MOST = 20;
    let askedEarly = false;
    const drawUntil = async (count: number) => {
      for (let batch = 0; items().length < count; batch++) {
        expect(batch, `batches to draw ${count} videos`).toBeLessThan(BATCHES_AT_MOST);
        if (items().length < PAGE && source.fetches.length > 1) askedEarly = true;
        const drawn = items().length;
        await vi.waitFor(
          async () => {
            await reportEnd(true);
            expect(items().length).toBeGreaterThan(drawn);
          },
          { timeout: 10_000 },
        );
      }
    };
    await drawUntil(PAGE);
    expect(askedEarly).toBe(false);
    await drawUntil(PAGE + 8);
    expect(source.fetches).toEqual([null, String(PAGE)]);
    expect(items()).toHaveLength(PAGE + 8);
  });

  it('draws down to the video playing, however far in the queue it is', async () => {
    const h = harness();
    const source = fakeSource(48, { pageSize: 48 });
    render(<View engine={h.engine as unknown as PlayerEngine<Video>} />);
    await act(async () => void (await h.engine.open(video(30), source)));
    const items = screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-hidden') !== 'true');
    expect(items).toHaveLength(31);
    expect(items[30]!.querySelector('[aria-current="true"]')).not.toBeNull();
  });

  it("marks a playlist's entry as playing when the address named only its video (issue 31: a card clicked on the playlist page)", async () => {
    const h = harness();
    const source = fakeSource(5, { key: 'p:7', item: { type: 'playlist', id: '7', name: 'Trip' }, make: (i) => video(i, { itemId: 100 + i }) });
    render(<View engine={h.engine as unknown as PlayerEngine<Video>} />);
    await act(async () => void (await h.engine.open(video(1), source)));
    expect(screen.getByRole('button', { current: true }).textContent).toContain('Video 1');
  });
});
