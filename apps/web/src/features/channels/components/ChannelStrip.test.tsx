import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalError } from '../../../lib/api';
import { appProviders } from '../../../test/providers';
import { json } from '../../../test/responses';
import { ChannelStrip } from './ChannelStrip';

/** SPEC §8 "Channel card load failure: warning only": the Dashboard's strip says it in its place, not in the red banner. */
let answer: () => Response;
let calls: string[];
beforeEach(() => {
  calls = [];
  globalError.set(null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return answer();
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mount = () => render(<ChannelStrip />, { wrapper: appProviders(new QueryClient({ defaultOptions: { queries: { retry: false } } })) });

describe('ChannelStrip', () => {
  it('a server error warns in the strip with Try again, raises no global error, and Try again brings the channels', async () => {
    answer = () => json(500, { status: 500, message: 'The database is down' });
    mount();
    const section = screen.getByRole('region', { name: 'Channels' });
    const warning = await within(section).findByRole('status');
    expect(warning.textContent).toContain('The channels could not be loaded.');
    expect(globalError.get()).toBeNull();
    expect(console.warn).toHaveBeenCalled();

    answer = () => json(200, { items: [{ id: 1, externalId: 'UC1', name: 'Bakery', thumbnail: '', numberOfFollowers: 3, numberOfVideos: 4 }], totalResults: 1 });
    fireEvent.click(within(warning).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: /Bakery/ })).toBeTruthy();
    expect(within(section).queryByRole('status')).toBeNull();
    expect(calls).toHaveLength(2);
    expect(globalError.get()).toBeNull();
  });
});
