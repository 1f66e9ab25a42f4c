import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BillingStatus } from '@sift/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalError } from '../../../lib/api';
import { PlansPage, type PlansMember } from './PlansPage';

let status: BillingStatus;
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response(JSON.stringify(status), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  globalError.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(member: PlansMember) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/ready']}>
        <PlansPage member={member} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/ready', () => {
  // Issue 31: members were shown the operator's command line; that is for the start log and the README.
  it('without Stripe, tells a member Premium is not available here, without the operator’s command, and offers no checkout', async () => {
    status = { enabled: false, offers: [], subscription: null };
    mount({ isLoggedIn: true, isPremium: false });
    expect(await screen.findByText('Premium is not available on this site: it takes no payments. Everything in Free stays yours.')).toBeTruthy();
    expect(screen.queryByText(/npm run admin/)).toBeNull();
    expect(document.querySelector('code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  // Issue 31: the Premium card was drawn as chosen on a Free account.
  it.each([
    [{ isLoggedIn: true, isPremium: false }, 'Free'],
    [{ isLoggedIn: true, isPremium: true }, 'Premium'],
    [{ isLoggedIn: false, isPremium: false }, null],
  ] as const)('marks only the member’s own plan as the current one (%o → %s)', async (member, current) => {
    status = { enabled: true, offers: [{ interval: 'monthly', amount: 400, currency: 'eur' }], subscription: null };
    mount(member);
    const card = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
    const chosen = [await card('Free'), await card('Premium')].filter((c) => c.getAttribute('aria-current') === 'true');
    expect(chosen.map((c) => c.querySelector('h2')!.textContent)).toEqual(current ? [current] : []);
  });

  it("shows a visitor PREMIUM's prices and a way to log in first", async () => {
    status = { enabled: true, offers: [{ interval: 'monthly', amount: 400, currency: 'eur' }, { interval: 'annual', amount: 4000, currency: 'eur' }], subscription: null };
    mount({ isLoggedIn: false, isPremium: false });
    expect(await screen.findByText('€4.00 a month')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Annual' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to upgrade' }).getAttribute('href')).toBe('/login?redirect=%2Fready');
  });

  it("shows a member whom the operator made PREMIUM their plan, without Cancel", async () => {
    status = { enabled: true, offers: [{ interval: 'monthly', amount: 400, currency: 'eur' }], subscription: null };
    mount({ isLoggedIn: true, isPremium: true });
    expect(await screen.findByText("This site's operator gave you Premium. Thank you for being here.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Premium' })).toBeNull();
  });
});
