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
  it('without Stripe, says how the operator upgrades a member, and offers no checkout', async () => {
    status = { enabled: false, offers: [], subscription: null };
    mount({ isLoggedIn: true, isPremium: false });
    expect(await screen.findByText('npm run admin -- set-plan <email> PREMIUM')).toBeTruthy();
    expect(screen.getByText(/This site takes no payments/).textContent).toContain('ask them if you would like Premium');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
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
