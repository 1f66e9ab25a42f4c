import { MemoryRouter } from 'react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { YourData } from './YourData';

/** "Your data" over the app's real api client, with `fetch` and the browser's download faked. */
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let saved: Array<{ name: string; href: string }>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  globalError.set(null);
  preferences.set('token', 'member-token');
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sift/export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  preferences.set('token', null);
});

const mount = (subscriptionsEnabled = true) =>
  render(
    <MemoryRouter>
      <NotificationProvider>
        <YourData subscriptionsEnabled={subscriptionsEnabled} />
      </NotificationProvider>
    </MemoryRouter>,
  );

describe('YourData', () => {
  it('offers three labelled downloads, each with its explanation', () => {
    mount();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeTruthy();
    for (const label of ['Subscriptions (OPML)', 'Subscriptions for NewPipe', 'Everything (ZIP)']) {
      const button = screen.getByRole('button', { name: label });
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent?.length).toBeGreaterThan(10);
    }
  });

  it('shows only the ZIP when subscriptions are off', () => {
    mount(false);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Everything (ZIP)']);
  });

  it('lists the watch history, with the way to its page (issue 30)', () => {
    mount();
    const link = screen.getByRole('link', { name: 'Watch history' });
    expect(link.getAttribute('href')).toBe('/history');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toMatch(/pause/);
  });

  it('fetches the export with the bearer token and saves it under the name the server gave', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="sift-data-2026-03-04.zip"' },
      }),
    );
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Everything (ZIP)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'sift-data-2026-03-04.zip', href: 'blob:sift/export' }]));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/exports/data.zip');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer member-token');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Everything (ZIP)' }).hasAttribute('disabled')).toBe(false));
  });

  it('says so when the download fails, and saves nothing', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 500, message: 'Database unavailable' }), { status: 500, headers: { 'Content-Type': 'application/json' } }));
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Subscriptions (OPML)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    expect(saved).toEqual([]);
  });

  // Issue 31: "Your data" did not lead to the import page.
  it('leads to the import page, with what can be brought in', () => {
    mount();
    const link = screen.getByRole('link', { name: 'Import from another app' });
    expect(link.getAttribute('href')).toBe('/importYoutubeChannels');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toMatch(/YouTube account/);
  });
});
