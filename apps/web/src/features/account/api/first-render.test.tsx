import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferences } from '../../../lib/storage';
import { json } from '../../../test/responses';
import { MEMBER } from '../test-support';
import { useAuthConfig, useSession } from './session';

/**
 * What a first visit draws before the app's first answers come (decision 057): the server's configuration from the
 * page, and a visitor's shell not drawn again when GET /api/users answers what it already knew.
 */

const VISITOR = { ...MEMBER, userIsLoggedIn: false };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answerUser: (r: Response) => void;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    if (String(url).startsWith('/api/auth/config')) return json(200, { googleEnabled: true, appName: 'Asked', subscriptionsEnabled: true });
    return new Promise<Response>((resolve) => (answerUser = resolve));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  preferences.set('token', null);
  document.getElementById('sift-auth-config')?.remove();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('the first render of a page', () => {
  it("knows the server's configuration from the page's island at once, and asks nothing", () => {
    const island = document.createElement('script');
    island.type = 'application/json';
    island.id = 'sift-auth-config';
    island.textContent = JSON.stringify({ googleEnabled: false, appName: 'Sift', subscriptionsEnabled: false });
    document.head.append(island);
    let seen: unknown;
    function Probe() {
      seen = useAuthConfig().data;
      return null;
    }
    render(<Probe />, { wrapper });
    expect(seen).toEqual({ googleEnabled: false, appName: 'Sift', subscriptionsEnabled: false });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/config'))).toEqual([]);
  });

  it('asks for the configuration when the page has no island (the service worker\'s copy, the dev server)', async () => {
    let seen: unknown;
    function Probe() {
      seen = useAuthConfig().data;
      return null;
    }
    render(<Probe />, { wrapper });
    expect(seen).toBeUndefined();
    await waitFor(() => expect(seen).toEqual({ googleEnabled: true, appName: 'Asked', subscriptionsEnabled: true }));
  });

  it("does not draw a visitor's shell again when GET /api/users answers, and does draw a member's", async () => {
    const renders: Array<{ token: string | null; loggedIn: boolean; pending: boolean }> = [];
    function Shell() {
      const s = useSession();
      renders.push({ token: s.token, loggedIn: s.isLoggedIn, pending: s.userPending });
      return null;
    }
    render(<Shell />, { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => answerUser(json(200, VISITOR)));
    expect(renders).toEqual([{ token: null, loggedIn: false, pending: false }]);
    cleanup();

    renders.length = 0;
    fetchMock.mockClear();
    preferences.set('token', 'tok-1');
    render(<Shell />, { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => answerUser(json(200, MEMBER)));
    await waitFor(() => expect(renders.at(-1)).toEqual({ token: 'tok-1', loggedIn: true, pending: false }));
    expect(renders[0]).toEqual({ token: 'tok-1', loggedIn: false, pending: true });
  });
});
