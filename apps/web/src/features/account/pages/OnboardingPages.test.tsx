import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferences } from '../../../lib/storage';
import { json } from '../../../test/responses';
import { onboardingStore } from '../onboarding';
import { MEMBER } from '../test-support';
import { FollowChannelsPage, SiftCreatePage, SiftIntroPage, WelcomePage, YoutubeImportIntroPage, YoutubeImportPage } from './OnboardingPages';

/**
 * Issue 31 item 8: the first card said "Two quick steps" over "Step 1 of 4", and no step offered channels to follow.
 * Now the welcome names the steps the progress counts, every step says where it stands, and both ways past the
 * YouTube import lead to the channels to follow before the tour ends on the feed.
 */
let followsOn: boolean;
beforeEach(() => {
  followsOn = true;
  preferences.set('token', 'member-token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) => {
      const path = String(url);
      if (path.startsWith('/api/auth/config')) return json(200, { googleEnabled: false, appName: 'Sift', subscriptionsEnabled: followsOn });
      if (path.startsWith('/api/users')) return json(200, { ...MEMBER, onboarded: false });
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  preferences.set('token', null);
  onboardingStore.dispatch({ type: 'logout' });
});

function mount(page: ReactNode, at: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const link = (name: string | RegExp) => screen.getByRole('link', { name });
const progress = () => screen.queryByText(/^Step \d+ of \d+$/)?.textContent ?? null;

describe('the onboarding tour', () => {
  it('welcomes with as many steps as it counts, and names them', async () => {
    mount(<WelcomePage />, '/welcome');
    expect(await screen.findByText(/Three quick steps and it is yours:/)).toBeTruthy();
    expect(screen.queryByText(/Two quick steps|Step \d of/)).toBeNull();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['Bring your YouTube subscriptions', 'Follow a few popular channels and sifts', 'Meet Sifts, your own line-ups']);
    // The welcome is not a step of its own.
    expect(progress()).toBeNull();
    expect(link("Let's go").getAttribute('href')).toBe('/youtubeImportIntro');
  });

  it('counts each step of three, and skipping or finishing the import leads on to the channels to follow', async () => {
    mount(<YoutubeImportIntroPage />, '/youtubeImportIntro');
    await screen.findByRole('heading', { name: 'Bring your YouTube subscriptions' });
    expect(progress()).toBe('Step 1 of 3');
    expect(link('Skip').getAttribute('href')).toBe('/followChannels');
    cleanup();

    mount(<YoutubeImportPage importer={<p>importer</p>} />, '/youtubeImport');
    expect(progress()).toBe('Step 1 of 3');
    expect(link('Continue').getAttribute('href')).toBe('/followChannels');
    cleanup();

    mount(<FollowChannelsPage picker={<p>channels to follow</p>} count={<p>You follow 2 channels</p>} />, '/followChannels');
    expect(screen.getByRole('heading', { level: 1, name: 'Follow what you like' })).toBeTruthy();
    expect(progress()).toBe('Step 2 of 3');
    expect(screen.getByText('channels to follow')).toBeTruthy();
    expect(screen.getByText('You follow 2 channels')).toBeTruthy();
    expect(link('Continue').getAttribute('href')).toBe('/siftIntro');
    cleanup();

    mount(<SiftIntroPage />, '/siftIntro');
    expect(progress()).toBe('Step 3 of 3');
    expect(link('Next').getAttribute('href')).toBe('/siftCreate');
    cleanup();

    // The end is not a step either; it leads to the feed the follows filled.
    mount(<SiftCreatePage />, '/siftCreate');
    expect(progress()).toBeNull();
    expect(link('Go to my feed').getAttribute('href')).toBe('/feed');
  });

  it('leaves following out, and says two steps, where the server has follows off', async () => {
    followsOn = false;
    mount(<WelcomePage />, '/welcome');
    expect(await screen.findByText(/Two quick steps and it is yours:/)).toBeTruthy();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    cleanup();
    mount(<YoutubeImportIntroPage />, '/youtubeImportIntro');
    await vi.waitFor(() => expect(link('Skip').getAttribute('href')).toBe('/siftIntro'));
    expect(progress()).toBe('Step 1 of 2');
  });
});
