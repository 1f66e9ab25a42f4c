import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList, REVEAL_BATCH, type InfiniteListProps } from './InfiniteList';

interface Item {
  externalId: string;
  title: string;
}

const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ externalId: `v${i}`, title: `Video ${i}` }));

function renderList(props: Partial<InfiniteListProps<Item>> = {}) {
  const all: InfiniteListProps<Item> = {
    label: 'Latest videos',
    items: [],
    getKey: (i) => i.externalId,
    renderItem: (item, pos) => (
      <article aria-label={item.title} aria-posinset={pos.posinset} aria-setsize={pos.setsize}>
        {item.title}
      </article>
    ),
    loading: false,
    error: false,
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    ...props,
  };
  return { ...render(<InfiniteList {...all} />), props: all };
}

/** A controllable IntersectionObserver: tests decide when the sentinel comes into range. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  target: Element | null = null;
  observe(el: Element) {
    this.target = el;
  }
  disconnect() {
    this.target = null;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  trigger(isIntersecting: boolean) {
    this.callback([{ isIntersecting, target: this.target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('InfiniteList', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says "No results." when a complete list is empty', () => {
    renderList();
    expect(screen.getByRole('status').textContent).toContain('No results.');
    expect(screen.queryByText('No more results.')).toBeNull();
  });

  it('is a feed only while it holds articles or loads them (axe: a feed holds articles)', () => {
    const { rerender, props } = renderList();
    expect(screen.queryByRole('feed')).toBeNull();
    rerender(<InfiniteList {...props} loading />);
    expect(screen.getByRole('feed', { name: 'Latest videos' }).getAttribute('aria-busy')).toBe('true');
    rerender(<InfiniteList {...props} items={items(2)} />);
    expect(screen.getByRole('feed', { name: 'Latest videos' }).querySelectorAll('article')).toHaveLength(2);
  });

  it('puts its label before itself as a heading only when asked (a page whose cards carry h3s: axe heading-order)', () => {
    const { rerender, props } = renderList({ items: items(1) });
    expect(screen.queryByRole('heading')).toBeNull();
    rerender(<InfiniteList {...props} heading />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Latest videos' });
    expect(heading.nextElementSibling?.contains(screen.getByRole('feed'))).toBe(true);
  });

  it('says "No more results." when a list with items is complete', () => {
    renderList({ items: items(REVEAL_BATCH) });
    expect(screen.getByRole('status').textContent).toContain('No more results.');
    const feed = screen.getByRole('feed', { name: 'Latest videos' });
    expect(feed.querySelectorAll('article')).toHaveLength(REVEAL_BATCH);
    expect(screen.getByRole('article', { name: `Video ${REVEAL_BATCH - 1}` }).getAttribute('aria-setsize')).toBe(String(REVEAL_BATCH));
  });

  it('says "Error returning results." on failure and offers a retry', () => {
    const onRetry = vi.fn();
    renderList({ items: items(2), error: true, hasMore: true, onRetry });
    expect(screen.getByRole('status').textContent).toContain('Error returning results.');
    expect(screen.queryByText('No more results.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows neither end text while more may come', () => {
    renderList({ items: items(50), hasMore: true });
    const status = screen.getByRole('status');
    expect(status.textContent).not.toContain('No more results.');
    expect(status.textContent).not.toContain('No results.');
    expect(screen.getByRole('article', { name: 'Video 0' }).getAttribute('aria-setsize')).toBe('-1');
  });

  /** The sentinel's state as the newest observer reports it (a fresh observer is made after every batch). */
  const sentinelNear = (near: boolean) => act(() => FakeObserver.instances.at(-1)!.trigger(near));
  const nextTask = () => act(() => void vi.advanceTimersByTime(0));
  /** The rest of a 50-item page, a batch for each report that its end is in range (by each observer made for it). */
  const drawPageOf50 = () => {
    for (let batch = 0; batch < 50 / REVEAL_BATCH && document.querySelectorAll('article').length < 50; batch++) {
      sentinelNear(true);
      nextTask();
    }
  };

  it('draws a long page a batch at a time while its end is near the screen, and asks for the next page once all of it is drawn and the sentinel is in range', () => {
    vi.useFakeTimers();
    try {
      const onLoadMore = vi.fn();
      renderList({ items: items(50), hasMore: true, onLoadMore });
      const feed = screen.getByRole('feed', { name: 'Latest videos' });
      expect(feed.querySelectorAll('article')).toHaveLength(REVEAL_BATCH);
      // The sentinel under 4 cards is in range: one more batch a task, and no page asked for until the 50 are there.
      sentinelNear(true);
      expect(onLoadMore).not.toHaveBeenCalled();
      nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(2 * REVEAL_BATCH);
      // One batch per report: the next waits for the observer made for the new end (CI once saw all 50 drawn, far
      // past the trigger distance, while that report was on its way).
      for (let task = 0; task < 5; task++) nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(2 * REVEAL_BATCH);
      drawPageOf50();
      expect(feed.querySelectorAll('article')).toHaveLength(50);
      expect(onLoadMore).not.toHaveBeenCalled();
      // Then the next page, when the sentinel is within the 1,800 px trigger distance and not before.
      const io = FakeObserver.instances.at(-1)!;
      expect(io.options?.rootMargin).toBe('0px 0px 1800px 0px');
      act(() => io.trigger(false));
      expect(onLoadMore).not.toHaveBeenCalled();
      act(() => io.trigger(true));
      expect(onLoadMore).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops drawing once the end of what is drawn is beyond the trigger distance, and goes on as it comes near', () => {
    vi.useFakeTimers();
    try {
      const onLoadMore = vi.fn();
      renderList({ items: items(50), hasMore: true, onLoadMore });
      const feed = screen.getByRole('feed', { name: 'Latest videos' });
      sentinelNear(true);
      nextTask();
      sentinelNear(true);
      nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(3 * REVEAL_BATCH);
      // Three batches fill a phone's screen and the 1,800 px below it: nothing more is drawn until someone scrolls.
      sentinelNear(false);
      for (let task = 0; task < 10; task++) nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(3 * REVEAL_BATCH);
      expect(onLoadMore).not.toHaveBeenCalled();
      sentinelNear(true);
      nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(4 * REVEAL_BATCH);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes no report from an observer it has replaced (a stale \"not near\" stopped a list whose end was in range)", () => {
    vi.useFakeTimers();
    try {
      renderList({ items: items(50), hasMore: true });
      const feed = screen.getByRole('feed', { name: 'Latest videos' });
      sentinelNear(true);
      nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(2 * REVEAL_BATCH);
      const [replaced, current] = FakeObserver.instances.slice(-2);
      act(() => current!.trigger(true));
      act(() => replaced!.trigger(false));
      nextTask();
      expect(feed.querySelectorAll('article')).toHaveLength(3 * REVEAL_BATCH);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what it drew when a refetch puts a new item on top, and starts over after the list empties', () => {
    vi.useFakeTimers();
    try {
      const { rerender, props } = renderList({ items: items(50), hasMore: true });
      sentinelNear(true);
      drawPageOf50();
      const feed = () => screen.getByRole('feed', { name: 'Latest videos' });
      expect(feed().querySelectorAll('article')).toHaveLength(50);
      // A new video arrives on top: the page must not shrink under someone scrolled down it.
      rerender(<InfiniteList {...props} items={[{ externalId: 'new', title: 'New video' }, ...items(50)]} />);
      expect(feed().querySelectorAll('article').length).toBeGreaterThanOrEqual(50);
      // A new filter: the list empties while it loads, then its first page is drawn a batch at a time again.
      rerender(<InfiniteList {...props} items={[]} loading />);
      nextTask();
      rerender(<InfiniteList {...props} items={items(50)} />);
      expect(feed().querySelectorAll('article')).toHaveLength(REVEAL_BATCH);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no page while one is loading or after an error', () => {
    const onLoadMore = vi.fn();
    renderList({ items: items(REVEAL_BATCH), hasMore: true, loadingMore: true, onLoadMore });
    act(() => FakeObserver.instances.at(-1)!.trigger(true));
    cleanup();
    renderList({ items: items(REVEAL_BATCH), hasMore: true, error: true, onLoadMore });
    act(() => FakeObserver.instances.at(-1)!.trigger(true));
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('offers a Load more button for keyboard users: the next batch while some are undrawn, then the next page', () => {
    const onLoadMore = vi.fn();
    renderList({ items: items(2 * REVEAL_BATCH), hasMore: true, onLoadMore });
    const feed = screen.getByRole('feed', { name: 'Latest videos' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(feed.querySelectorAll('article')).toHaveLength(2 * REVEAL_BATCH);
    expect(onLoadMore).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('says "No more results." only once a complete list is all drawn', () => {
    renderList({ items: items(3 * REVEAL_BATCH) });
    expect(screen.getByRole('status').textContent).not.toContain('No more results.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('status').textContent).toContain('No more results.');
  });
});
