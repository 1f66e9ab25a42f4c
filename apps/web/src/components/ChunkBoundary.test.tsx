import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazy } from '../lib/lazy';
import { ChunkBoundary } from './ChunkBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChunkBoundary', () => {
  it('shows a message with a reload when a lazy part fails to load, instead of nothing', async () => {
    // React reports caught errors on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <ChunkBoundary>
        <Suspense fallback="Loading">
          <Page />
        </Suspense>
      </ChunkBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of the app could not be loaded. Check your connection, then reload the page.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says something else went wrong when a page throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('bug');
    };
    render(
      <ChunkBoundary>
        <Broken />
      </ChunkBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong while showing this page. Reloading the page may help.');
  });

  it('shows its children while nothing failed', () => {
    render(<ChunkBoundary>page</ChunkBoundary>);
    expect(screen.getByText('page')).toBeTruthy();
  });
});
