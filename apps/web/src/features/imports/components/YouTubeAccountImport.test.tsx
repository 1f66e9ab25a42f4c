import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountChannel, AccountPlaylist, AccountPlaylistImport, VideoServiceAccount } from '@sift/contracts';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { YouTubeAccountImport, type AccountView } from './YouTubeAccountImport';
import { YouTubeCallback } from './YouTubeCallback';

/** The account section and the callback over the app's real api client, with a fake server behind `fetch`. */

type Handler = (body: unknown, url: URL) => { status: number; body?: unknown };
let routes: Record<string, Handler>;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  routes = {};
  calls = [];
  globalError.set(null);
  preferences.set('token', 'member-token');
  // The api client logs quiet calls' failures; these tests provoke some on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://sift.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler ? handler(body, url) : { status: 404, body: { message: '', code: 'NOT_FOUND' } };
      if (answer.status === 204) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  preferences.set('token', null);
  sessionStorage.clear();
});

const account = (extra: Partial<VideoServiceAccount> = {}): VideoServiceAccount => ({
  provider: 'youtube',
  enabled: true,
  connected: true,
  status: 'ONLINE',
  connectedAt: '2026-01-01T00:00:00.000Z',
  checkedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const channel = (id: string, name: string, follow = false): AccountChannel => ({ type: 'channel', id, externalId: id, name, description: '', thumbnail: null, follow });
const playlist = (id: string, name: string, extra: Partial<AccountPlaylist> = {}): AccountPlaylist => ({
  type: 'playlist',
  id,
  externalId: id,
  name,
  description: '',
  thumbnail: null,
  numberOfVideos: 4,
  public: true,
  imported: false,
  importStatus: null,
  playlistId: null,
  ...extra,
});

function online() {
  routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account() });
  routes['GET /api/idp/GOOGLE/status'] = () => ({ status: 200, body: { status: 'ONLINE', connected: true } });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function mount(view: AccountView, path = view === 'channels' ? '/importYoutubeChannels' : '/importYoutubePlaylists', state?: unknown) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname, search] = path.split('?');
  return render(
    <QueryClientProvider client={qc}>
      <NotificationProvider>
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
          <Routes>
            <Route path="/oauth2/youtube/callback" element={<YouTubeCallback />} />
            <Route path="*" element={<YouTubeAccountImport view={view} />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </NotificationProvider>
    </QueryClientProvider>,
  );
}

describe('From your YouTube account', () => {
  it('says plainly when the server does not offer it', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ enabled: false, connected: false, status: 'OFFLINE' }) });
    mount('channels');
    expect(await screen.findByText(/not set up on this Sift/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('explains the read-only access, and says why Google’s page could not be opened', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ connected: false, status: 'OFFLINE' }) });
    // Refused here, so that jsdom is not asked to navigate away: the page shows why.
    routes['GET /api/providers/youtube/authorization'] = () => ({ status: 503, body: { message: 'Google is unreachable.' } });
    mount('playlists');
    expect(await screen.findByText(/read-only access to your subscriptions and playlists; it never posts or changes anything/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'What to import from YouTube' });
    expect(within(nav).getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Channels' }).getAttribute('href')).toBe('/importYoutubeChannels');
    fireEvent.click(screen.getByRole('button', { name: 'Connect YouTube account' }));
    expect(await screen.findByText('Google is unreachable.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/providers/youtube/authorization')).toBe(true);
    expect(screen.getByText(/Watch later and History can’t be read through YouTube’s API/)).toBeTruthy();
  });

  it('keeps the page to come back to before leaving for Google', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ connected: false, status: 'OFFLINE' }) });
    routes['GET /api/providers/youtube/authorization'] = () => ({ status: 200, body: { url: '#consent' } });
    mount('playlists');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect YouTube account' }));
    await waitFor(() => expect(window.location.hash).toBe('#consent'));
    expect(sessionStorage.getItem('sift.youtube_return')).toBe('/importYoutubePlaylists');
    expect(screen.getByRole('button', { name: 'Opening Google…' })).toBeTruthy();
  });

  it('asks for the permission again when the check says OFFLINE', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ status: 'OFFLINE' }) });
    routes['GET /api/idp/GOOGLE/status'] = () => ({ status: 200, body: { status: 'OFFLINE', connected: true } });
    mount('channels');
    expect(await screen.findByText('Sift’s permission to read your YouTube account has lapsed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    // SPEC §3 "import status, per provider", kept with the preferences.
    expect(preferences.get('import_status')).toEqual({ youtube: 'OFFLINE' });
  });

  it('keeps the video-service user status ONLINE once the permission check passes', async () => {
    online();
    routes['GET /api/idp/GOOGLE/channels'] = () => ({ status: 200, body: { items: [], totalResults: 0 } });
    mount('channels');
    await waitFor(() => expect(preferences.get('import_status')).toEqual({ youtube: 'ONLINE' }));
  });

  it('asks again when a list is refused with VIDEO_SERVICE_PERMISSION_REQUIRED', async () => {
    online();
    routes['GET /api/idp/GOOGLE/channels'] = () => ({ status: 403, body: { message: 'Connect again.', code: 'VIDEO_SERVICE_PERMISSION_REQUIRED' } });
    mount('channels');
    expect(await screen.findByText('Sift’s permission to read your YouTube account has lapsed.')).toBeTruthy();
    expect(globalError.get()).toBeNull();
  });

  it('lists the subscriptions as checkboxes, all selected, followed ones marked, and follows the picked ones', async () => {
    online();
    routes['GET /api/idp/GOOGLE/channels'] = () => ({
      status: 200,
      body: { items: [channel('UCa', 'Cooking with Ana'), channel('UCb', 'Tiny Workshop', true), channel('UCc', 'Night Sky Notes')], totalResults: 3 },
    });
    routes['POST /api/idp/GOOGLE/channels'] = () => ({ status: 200, body: { requested: 1, followed: 1, skipped: [] } });
    mount('channels');
    const list = await screen.findByRole('list', { name: 'Your YouTube subscriptions' });
    const boxes = within(list).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true]);
    expect(boxes.map((b) => b.disabled)).toEqual([false, true, false]);
    expect(within(list).getByText('Following')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow 2 channels' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect((screen.getByRole('button', { name: 'Follow 0 channels' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Night Sky Notes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Follow 1 channel' }));

    expect(await screen.findByText('Followed 1 channel.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [{ id: 'UCa', name: 'Cooking with Ana' }] });
    // Now marked as followed, without reading the account again.
    const now = within(screen.getByRole('list', { name: 'Your YouTube subscriptions' }));
    expect((now.getByRole('checkbox', { name: /Cooking with Ana/ }) as HTMLInputElement).disabled).toBe(true);
    expect(calls.filter((c) => c.path === '/api/idp/GOOGLE/channels' && c.method === 'GET')).toHaveLength(1);
  });

  it('imports playlists, polls each until it ends, and says when one failed', async () => {
    online();
    routes['GET /api/providers/youtube/playlists'] = () => ({
      status: 200,
      body: {
        items: [playlist('PLa', 'Sunday baking'), playlist('PLb', 'Old favourites'), playlist('PLc', 'Done before', { imported: true, importStatus: 'CREATED', playlistId: 3 })],
        totalResults: 3,
      },
    });
    const started = (id: string, name: string, playlistId: number): AccountPlaylistImport => ({ id, name, playlistId, status: 'PENDING', progress: 0 });
    routes['POST /api/providers/youtube/playlists'] = () => ({ status: 202, body: { items: [started('PLa', 'Sunday baking', 7), started('PLb', 'Old favourites', 8)] } });
    const polls: Record<string, AccountPlaylistImport[]> = {
      PLa: [{ ...started('PLa', 'Sunday baking', 7), status: 'PROCESSING', progress: 45 }, { ...started('PLa', 'Sunday baking', 7), status: 'CREATED', progress: 100 }],
      PLb: [{ ...started('PLb', 'Old favourites', 8), status: 'FAILED', progress: 0 }],
    };
    for (const id of Object.keys(polls)) {
      routes[`GET /api/providers/youtube/playlists/${id}/status`] = () => ({ status: 200, body: polls[id]!.length > 1 ? polls[id]!.shift() : polls[id]![0] });
    }
    mount('playlists');
    const list = await screen.findByRole('list', { name: 'Your YouTube playlists' });
    // Imported ones show it, with a link and Remove, and cannot be picked again.
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Open Done before in Sift' }).getAttribute('href')).toBe('/playlists/3');
    expect(within(list).getByRole('button', { name: 'Remove Done before' })).toBeTruthy();

    // The polls run on the page's own interval (600 / 1000 ms, SPEC §4): a fake clock moves it, poll by poll, instead of
    // the test waiting for it (which a busy machine stretches).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 playlists' }));
    expect(await screen.findByRole('progressbar', { name: 'Importing Sunday baking' })).toBeTruthy();
    const done = () => within(list).queryByRole('link', { name: 'Open Sunday baking in Sift' });
    for (let poll = 0; poll < 4 && !done(); poll++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(done()).toBeTruthy());
    expect(within(list).getAllByText('Importing playlist Old favourites failed').length).toBeGreaterThan(0);
    // A failed one can be picked again.
    expect(within(list).getByRole('checkbox', { name: /Old favourites/ })).toBeTruthy();
  });

  it('shows what the callback brought back', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ connected: false, status: 'OFFLINE' }) });
    mount('channels', '/importYoutubeChannels', { youtubeConnect: { kind: 'failed', code: 'SCOPE_NOT_GRANTED', message: 'x' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not allow Sift to see your YouTube account/);
    expect(await screen.findByRole('button', { name: 'Connect YouTube account' })).toBeTruthy();
  });
});

describe('/oauth2/youtube/callback', () => {
  it('hands code and state to the server and goes back where the member started', async () => {
    sessionStorage.setItem('sift.youtube_return', '/importYoutubePlaylists');
    routes['POST /api/idp/GOOGLE'] = () => ({ status: 200, body: account() });
    online();
    routes['GET /api/providers/youtube/playlists'] = () => ({ status: 200, body: { items: [], totalResults: 0 } });
    mount('playlists', '/oauth2/youtube/callback?code=the-code&state=the-state&iss=http%3A%2F%2Fop');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/importYoutubePlaylists'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'the-code', state: 'the-state', iss: 'http://op' });
    expect(await screen.findByText('Your YouTube account is connected.')).toBeTruthy();
    expect(sessionStorage.getItem('sift.youtube_return')).toBeNull();
  });

  it('lands a failure on the import page with the reason', async () => {
    routes['POST /api/idp/GOOGLE'] = () => ({ status: 400, body: { message: 'This permission request has expired or was used already. Start again.', code: 'STATE_INVALID' } });
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ connected: false, status: 'OFFLINE' }) });
    mount('channels', '/oauth2/youtube/callback?code=c&state=old');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/importYoutubeChannels'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired or was used already/);
  });

  it('does not call the server when Google sent an error', async () => {
    routes['GET /api/providers/youtube'] = () => ({ status: 200, body: account({ connected: false, status: 'OFFLINE' }) });
    mount('channels', '/oauth2/youtube/callback?error=access_denied&state=s');
    expect((await screen.findByRole('alert')).textContent).toMatch(/You cancelled on Google’s page/);
    expect(calls.some((c) => c.path === '/api/idp/GOOGLE')).toBe(false);
  });
});
