import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sift } from '@sift/contracts';
import { appProviders } from '../../../test/providers';
import { SiftEditor } from './SiftEditor';

/** Issue 31: what the sift editor's keyword boxes make of a phrase and of a pasted list, and what the preview asks. */
const sift = {
  id: 3,
  hash: 'h4sh',
  name: 'Prehistory',
  description: '',
  category: null,
  public: true,
  owner: { id: 1, uuid: 'u', firstName: 'A', lastName: 'B', creator: true },
  channels: [{ id: 9, externalId: 'UC1', name: 'Digs', thumbnail: '', numberOfFollowers: 1 }],
  keywords: { all: [], any: [], none: [] },
  filters: { hideShorts: false, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null },
} as unknown as Sift;

let previews: Array<{ keywords: Sift['keywords'] }> = [];

beforeEach(() => {
  previews = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://sift.test');
      if (url.pathname === '/api/sifts/preview') previews.push(JSON.parse(String(init?.body)) as { keywords: Sift['keywords'] });
      const body = url.pathname === '/api/sifts/preview' ? { numberOfVideos: 4, more: false, videos: [] } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chips = (label: string) => within(screen.getByRole('list', { name: `Chosen: ${label}` })).queryAllByRole('listitem').map((li) => li.firstChild?.textContent);

describe('the keyword boxes of the sift editor', () => {
  it('make one chip of "bronze age" + Enter, shown in quotes, and the preview counts the phrase', async () => {
    render(<SiftEditor sift={sift} />, { wrapper: appProviders(new QueryClient({ defaultOptions: { queries: { retry: false } } })) });
    const box = screen.getByLabelText('All of these words');
    fireEvent.change(box, { target: { value: 'bronze age' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(chips('all of these words')).toEqual(['"bronze age"']);
    expect(screen.getByRole('button', { name: 'Remove "bronze age"' })).toBeTruthy();
    await waitFor(() => expect(previews.at(-1)?.keywords.all).toEqual(['bronze age']));
  });

  it('make a chip at each comma typed, and one for each entry of a pasted list', () => {
    render(<SiftEditor sift={sift} />, { wrapper: appProviders(new QueryClient({ defaultOptions: { queries: { retry: false } } })) });
    const box = screen.getByLabelText('Any of these words');
    fireEvent.change(box, { target: { value: 'iron age' } });
    fireEvent.keyDown(box, { key: ',' });
    expect(chips('any of these words')).toEqual(['"iron age"']);
    fireEvent.paste(box, { clipboardData: { getData: () => 'a, b, "c d"' } });
    expect(chips('any of these words')).toEqual(['"iron age"', 'a', 'b', '"c d"']);
  });
});
