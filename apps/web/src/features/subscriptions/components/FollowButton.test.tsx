import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@sift/contracts';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { ChannelFollow } from './FollowButton';

/** SPEC §8 "follow failure: logged, no user message": a failed follow shows neither a toast nor the error banner. */
const channel = { id: 7, externalId: 'UC7', name: 'Bakery' } as Channel;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let posts: string[];
beforeEach(() => {
  posts = [];
  globalError.set(null);
  preferences.set('token', 'member-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push(url);
        return json(500, { status: 500, message: 'The database is down' });
      }
      return json(200, { items: [] });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  preferences.set('token', null);
});

describe('ChannelFollow', () => {
  it('a failed follow is logged and shows no message', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NotificationProvider>
            <ChannelFollow channel={channel} />
          </NotificationProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: /^Follow\s*Bakery$/ });
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual(['/api/subscriptions']));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(console.warn).toHaveBeenCalledWith('Follow failed', expect.anything());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(globalError.get()).toBeNull();
    expect(screen.getByRole('button', { name: /^Follow\s*Bakery$/ }).getAttribute('aria-pressed')).toBe('false');
  });
});
