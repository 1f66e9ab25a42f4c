import type { Channel, Playlist, PublicUser, Sift } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { notFound } from '../../infra/http/errors.js';
import { LinkPreviewService, type PreviewSources } from './link-previews.service.js';

/** Sources that know nothing, and count what they are asked. */
function sources(channel: Channel | null | undefined) {
  const asked: string[] = [];
  const none = (kind: string) => async (id: string): Promise<never> => {
    asked.push(`${kind} ${id}`);
    throw notFound(kind);
  };
  const s: PreviewSources = {
    sift: none('Sift') as (hash: string) => Promise<Sift>,
    playlist: none('Playlist') as (id: string) => Promise<Playlist>,
    channel: async (id) => {
      asked.push(`Channel ${id}`);
      return channel;
    },
    video: async (id) => {
      asked.push(`Video ${id}`);
      return null;
    },
    user: none('User') as (uuid: string) => Promise<PublicUser>,
  };
  return { s, asked };
}

describe('LinkPreviewService.missingItem (decisions/043)', () => {
  it("shares the preview's read: a page's status and its tags cost one read of its item, kept a minute", async () => {
    const { s, asked } = sources(null);
    const previews = new LinkPreviewService(s, 'https://sift.test');
    const [missing, preview] = await Promise.all([previews.missingItem('/sifts/abc'), previews.forUrl('/sifts/abc')]);
    expect([missing, preview]).toEqual([true, null]);
    expect(await previews.missingItem('/sifts/abc')).toBe(true);
    expect(asked).toEqual(['Sift abc']);
  });

  it('asks nothing for pages that name no item, a malformed id or a video', async () => {
    const { s, asked } = sources(null);
    const previews = new LinkPreviewService(s, 'https://sift.test');
    for (const url of ['/', '/sifts', '/about', '/sifts/abc/edit']) expect(await previews.missingItem(url), url).toBe(false);
    expect(await previews.missingItem('/user-profile/not-a-uuid')).toBe(true);
    expect(await previews.missingItem(`/channel/${'x'.repeat(201)}`)).toBe(true);
    expect(await previews.missingItem('/watch?v=nope')).toBe(false);
    // Route names in another case are the same pages (the route table ignores case): the item is still looked up.
    expect(await previews.missingItem(`/SIFTS/${'x'.repeat(201)}`)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('a sift made public gets its card within seconds; a card is kept a minute', async () => {
    let now = 1_000;
    let shown: Sift | null = null;
    const asked: string[] = [];
    const s: PreviewSources = {
      ...sources(null).s,
      sift: async (hash) => {
        asked.push(hash);
        if (!shown) throw notFound('Sift');
        return shown;
      },
    };
    const previews = new LinkPreviewService(s, 'https://sift.test', () => now);
    // Its owner's visit while it is private reads it as missing.
    expect(await previews.missingItem('/sifts/abc')).toBe(true);
    shown = { hash: 'abc', name: 'Bread', description: '', public: true, numberOfChannels: 1, numberOfVideos: 2, thumbnail: null, owner: { firstName: 'Ann', lastName: '' } } as unknown as Sift;
    now = 1_000 + 4_999;
    expect(await previews.missingItem('/sifts/abc')).toBe(true);
    now = 1_000 + 5_001;
    expect(await previews.missingItem('/sifts/abc')).toBe(false);
    expect((await previews.forUrl('/sifts/abc'))?.title).toContain('Bread');
    expect(asked).toEqual(['abc', 'abc']);
    // Made private again: the card stays until a minute after it was read.
    shown = null;
    now = 1_000 + 5_001 + 59_000;
    expect(await previews.missingItem('/sifts/abc')).toBe(false);
    now = 1_000 + 5_001 + 60_001;
    expect(await previews.missingItem('/sifts/abc')).toBe(true);
  });

  it('a channel the catalog lacks is missing only when the catalog is the whole service (the demo)', async () => {
    expect(await new LinkPreviewService(sources(null).s, 'https://sift.test').missingItem('/channel/UCx')).toBe(true);
    expect(await new LinkPreviewService(sources(undefined).s, 'https://sift.test').missingItem('/channel/UCx')).toBe(false);
  });
});
