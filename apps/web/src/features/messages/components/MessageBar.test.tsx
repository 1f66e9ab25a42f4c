import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferences } from '../../../lib/storage';
import { MessageBar } from './MessageBar';

/** The message bar is in place at the first render when the page or this browser already knows the messages. */
const answer = (text: string, translations?: Record<string, { text: string; linkText: string | null }>) => ({
  pageLocations: [{ pageId: 44, info: [{ id: 1, text, linkUrl: null, linkText: null, dismissal: 'session', ...(translations ? { translations } : {}) }], warn: [], system: [] }],
});

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(answer('From the server')), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById('sift-site-messages')?.remove();
  preferences.set('site_messages', null);
});

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MessageBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('MessageBar', () => {
  it("shows the page's own messages at the first render, without asking the server", () => {
    const island = Object.assign(document.createElement('script'), { type: 'application/json', id: 'sift-site-messages', textContent: JSON.stringify(answer('In the page')) });
    document.head.append(island);
    mount();
    expect(screen.getByText('In the page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the last messages this browser saw at once, then the fresh answer, which it keeps for next time', async () => {
    preferences.set('site_messages', answer('Seen last time'));
    mount();
    expect(screen.getByText('Seen last time')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('From the server')).toBeTruthy());
    expect(preferences.get('site_messages')).toEqual(answer('From the server'));
  });
});

describe('MessageBar in another language', () => {
  it("shows the operator's words in the reader's language when the message has them, else as written", async () => {
    const { i18n } = await import('@lingui/core');
    const before = i18n.locale;
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    try {
      preferences.set('site_messages', answer('Welcome', { de: { text: 'Willkommen', linkText: null } }));
      mount();
      expect(screen.getByText('Willkommen')).toBeTruthy();
    } finally {
      i18n.activate(before);
    }
  });
});
