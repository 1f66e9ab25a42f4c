import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@sift/contracts';
import { preferences } from '../../../lib/storage';
import { appProviders } from '../../../test/providers';
import { json } from '../../../test/responses';
import { FollowedCount, QuickFollow } from './QuickFollow';

/**
 * The onboarding's one-tap follow (issue 31 item 8): Follow → Following with one tap, taken back with another, no
 * modal or menu between; and the count of what the member follows, kept up as they tap.
 */
let followed: Subscription[];
let calls: string[];
const subscriptionOf = (id: number, type: 'channel' | 'sift', targetId: number, name: string): Subscription =>
  ({ id, frequency: 'WEEKLY', muted: false, optOut: false, isNew: false, createdAt: '2026-11-01T00:00:00Z', target: { type, id: targetId, externalId: `x${targetId}`, name, thumbnail: null } }) as Subscription;

beforeEach(() => {
  preferences.set('token', 'member-token');
  followed = [subscriptionOf(1, 'channel', 70, 'Imported Channel')];
  calls = [];
  let next = 100;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url, init) => {
      const path = String(url);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/api/subscriptions') {
        const made = subscriptionOf(next++, 'channel', 7, 'Bakery');
        followed = [...followed, made];
        return json(201, made);
      }
      if (method === 'POST' && path === '/api/subscriptions/sifts') {
        const made = subscriptionOf(next++, 'sift', 9, 'Space, explained');
        followed = [...followed, made];
        return json(200, { items: [made] });
      }
      if (method === 'DELETE') {
        followed = followed.filter((s) => !path.endsWith(`/${s.id}`));
        return new Response(null, { status: 204 });
      }
      if (path.startsWith('/api/subscriptions')) return json(200, { items: followed });
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  preferences.set('token', null);
});

/** The count's line (the toasts' region is a status too). */
const count = () => document.querySelector('.followed-count')!;

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <>
      <QuickFollow target={{ type: 'channel', id: 7, key: 'UC7', name: 'Bakery' }} />
      <QuickFollow target={{ type: 'sift', id: 9, key: 'abcd1234', name: 'Space, explained' }} />
      <QuickFollow target={{ type: 'channel', id: 70, key: 'UC70', name: 'Imported Channel' }} />
      <FollowedCount />
    </>,
    { wrapper: appProviders(qc) },
  );
}

describe('QuickFollow', () => {
  it('follows in one tap, says so, and takes it back with another', async () => {
    mount();
    // What an import already follows shows as followed from the start.
    const imported = await screen.findByRole('button', { name: /^Following\s*Imported Channel$/, pressed: true });
    expect(imported).toBeTruthy();
    expect(count().textContent).toBe('You follow 1 channel');

    const bakery = screen.getByRole('button', { name: /^Follow\s*Bakery$/, pressed: false });
    await waitFor(() => expect(bakery.hasAttribute('aria-disabled')).toBe(false));
    fireEvent.click(bakery);
    // The same button, now pressed: focus stays where the finger was.
    await waitFor(() => expect(bakery.getAttribute('aria-pressed')).toBe('true'));
    expect(bakery.textContent).toMatch(/^Following/);
    expect(calls).toEqual(['POST /api/subscriptions']);
    // No success modal (SPEC §4's follow opens one; here the next tap is the next channel).
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Follow\s*Space, explained$/ }));
    await waitFor(() => expect(count().textContent).toBe('You follow 2 channels and 1 sift'));

    await waitFor(() => expect(bakery.hasAttribute('aria-disabled')).toBe(false));
    fireEvent.click(bakery);
    await waitFor(() => expect(bakery.getAttribute('aria-pressed')).toBe('false'));
    expect(calls.at(-1)).toBe('DELETE /api/subscriptions/100');
    await waitFor(() => expect(count().textContent).toBe('You follow 1 channel and 1 sift'));
  });

  it('stays as it was when the follow fails, with no message (SPEC §8)', async () => {
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      init?.method === 'POST' ? json(500, { status: 500, message: 'The database is down' }) : String(url).startsWith('/api/subscriptions') ? json(200, { items: [] }) : json(200, {}),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mount();
    const bakery = await screen.findByRole('button', { name: /^Follow\s*Bakery$/ });
    await waitFor(() => expect(bakery.hasAttribute('aria-disabled')).toBe(false));
    expect(count().textContent).toBe('You follow nothing yet');
    fireEvent.click(bakery);
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('Follow failed', expect.anything()));
    await waitFor(() => expect(bakery.hasAttribute('aria-disabled')).toBe(false));
    expect(bakery.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
