import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ProviderVideo } from '../video-provider.js';
import {
  EMBEDDABLE_NEWEST_DAYS,
  countVideosPerChannel,
  DEFAULT_DEMO_VIDEOS,
  DEMO_CLIP_FILES,
  DEMO_TOPICS,
  demoChannelId,
  demoVideoId,
  generateCatalog,
  generateChannels,
  generateVideos,
  initialsOf,
  normaliseForSearch,
  titleCase,
} from './catalog.js';
import { renderDemoImage } from './images.js';

const NOW = new Date('2025-06-01T12:34:56.789Z');
const DAY_MS = 86_400_000;
const catalog = generateCatalog({ now: NOW });

function share(videos: readonly ProviderVideo[], predicate: (video: ProviderVideo) => boolean): number {
  return videos.filter(predicate).length / videos.length;
}

/** The drawing behind an image URL of the catalog (the media routes rasterize it for the `.webp` they serve). */
function renderUrl(url: string): string | null {
  const parsed = new URL(url, 'http://sift.test');
  const [, media, kind, fileName] = parsed.pathname.split('/');
  expect(media).toBe('media');
  if (kind !== 'thumbnails' && kind !== 'avatars') throw new Error(`unexpected image kind in ${url}`);
  return renderDemoImage(kind, (fileName ?? '').replace(/\.webp$/, '.svg'), parsed.searchParams);
}

describe('DEMO_TOPICS', () => {
  it('has at least 8 distinct topics, each with enough vocabulary to vary titles', () => {
    expect(DEMO_TOPICS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_TOPICS.map((topic) => topic.name)).size).toBe(DEMO_TOPICS.length);
    for (const topic of DEMO_TOPICS) {
      expect(topic.subjects.length).toBeGreaterThanOrEqual(15);
      expect(topic.titles.length).toBeGreaterThanOrEqual(8);
      expect(topic.hue).toBeGreaterThanOrEqual(0);
      expect(topic.hue).toBeLessThan(360);
    }
  });
});

describe('ids', () => {
  it('gives videos 11-character YouTube-shaped ids, unique over 200,000 indexes', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 200_000; index++) ids.add(demoVideoId(1, index));
    expect(ids.size).toBe(200_000);
    for (const id of [...ids].slice(0, 1000)) expect(id).toMatch(/^[A-Za-z0-9_-]{10}[AEIMQUYcgkosw048]$/);
  });

  it('gives channels "UC" + 22 characters, unique over 50,000 indexes', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 50_000; index++) ids.add(demoChannelId(1, index));
    expect(ids.size).toBe(50_000);
    for (const id of [...ids].slice(0, 1000)) expect(id).toMatch(/^UC[A-Za-z0-9_-]{21}[AQgw]$/);
  });

  it('derives ids from (seed, index) alone', () => {
    expect(demoVideoId(7, 12_345)).toBe(demoVideoId(7, 12_345));
    expect(demoVideoId(7, 12_345)).not.toBe(demoVideoId(8, 12_345));
    expect(demoVideoId(7, 2 ** 40)).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });
});

describe('generateChannels', () => {
  const channels = generateChannels();

  it('makes 48 channels by default, spread over every topic', () => {
    expect(channels).toHaveLength(48);
    const perTopic = new Map<string, number>();
    for (const channel of channels) perTopic.set(channel.topic ?? '', (perTopic.get(channel.topic ?? '') ?? 0) + 1);
    expect([...perTopic.keys()].sort()).toEqual(DEMO_TOPICS.map((topic) => topic.name).sort());
    expect(Math.min(...perTopic.values())).toBeGreaterThanOrEqual(4);
  });

  it('never repeats a name, even ignoring case and accents', () => {
    const many = generateChannels({ count: 300, seed: 99 });
    expect(new Set(many.map((channel) => normaliseForSearch(channel.name))).size).toBe(300);
    expect(new Set(many.map((channel) => channel.externalId)).size).toBe(300);
  });

  it('has a long tail of followers: a few millions, most in the thousands', () => {
    const followers = channels.map((channel) => channel.numberOfFollowers).sort((a, b) => a - b);
    const millionaires = followers.filter((count) => count >= 1_000_000).length;
    expect(millionaires).toBeGreaterThanOrEqual(2);
    expect(millionaires).toBeLessThanOrEqual(8);
    expect(followers[0]).toBeGreaterThanOrEqual(1_000);
    const median = followers[Math.floor(followers.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(1_000);
    expect(median).toBeLessThan(100_000);
    for (const channel of channels) expect(channel.numberOfViews).toBeGreaterThan(channel.numberOfFollowers);
  });

  it('writes descriptions and avatar URLs that render', () => {
    for (const channel of channels) {
      expect(channel.description.length).toBeGreaterThan(40);
      expect(channel.thumbnail).toMatch(new RegExp(`^/media/avatars/${channel.externalId}\\.webp\\?h=\\d{1,3}&i=`));
      expect(renderUrl(channel.thumbnail)).toMatch(/^<svg/);
    }
  });

  it('is deterministic for a seed and different across seeds', () => {
    expect(generateChannels({ seed: 5 })).toEqual(generateChannels({ seed: 5 }));
    expect(generateChannels({ seed: 5 }).map((c) => c.name)).not.toEqual(generateChannels({ seed: 6 }).map((c) => c.name));
  });
});

describe('generateVideos', () => {
  const channels = generateChannels();

  it('streams: asking for a billion videos and taking three builds only three', () => {
    const iterator = generateVideos(channels, { total: 1_000_000_000, now: NOW });
    const firstThree = [iterator.next(), iterator.next(), iterator.next()];
    expect(firstThree.every((result) => result.done === false)).toBe(true);
  });

  it('makes each video a function of its index, independent of the total', () => {
    const short = [...generateVideos(channels, { total: 20, now: NOW })];
    const long = [...generateVideos(channels, { total: 200, now: NOW })];
    expect(long.slice(0, 20)).toEqual(short);
    const otherSeed = [...generateVideos(channels, { total: 20, now: NOW, seed: 3 })];
    expect(otherSeed.map((video) => video.externalId)).not.toEqual(short.map((video) => video.externalId));
  });

  it('refuses to make videos without channels', () => {
    expect(() => [...generateVideos([], { total: 1, now: NOW })]).toThrow(RangeError);
    expect([...generateVideos([], { total: 0, now: NOW })]).toEqual([]);
  });
});

describe('generateCatalog (the default demo catalog)', () => {
  const { channels, videos } = catalog;
  const channelIds = new Set(channels.map((channel) => channel.externalId));

  it('has 4,800 videos with unique ids, each on a known channel', () => {
    expect(videos).toHaveLength(DEFAULT_DEMO_VIDEOS);
    expect(new Set(videos.map((video) => video.externalId)).size).toBe(videos.length);
    for (const video of videos) expect(channelIds.has(video.channelExternalId)).toBe(true);
  });

  it('fills every placeholder of titles and descriptions, also one that opens the title', () => {
    const unfilled = videos.filter((video) => /[{}]/.test(video.title + video.description));
    expect(unfilled.map((video) => video.title)).toEqual([]);
    expect(videos.some((video) => /^\d/.test(video.title))).toBe(true);
  });

  it("sets each channel's numberOfVideos to what was generated, unevenly around 100", () => {
    const counts = new Map<string, number>();
    for (const video of videos) counts.set(video.channelExternalId, (counts.get(video.channelExternalId) ?? 0) + 1);
    for (const channel of channels) expect(channel.numberOfVideos).toBe(counts.get(channel.externalId));
    const perChannel = channels.map((channel) => channel.numberOfVideos);
    expect(Math.min(...perChannel)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...perChannel)).toBeLessThanOrEqual(250);
    expect(Math.max(...perChannel) - Math.min(...perChannel)).toBeGreaterThan(20);
    expect(countVideosPerChannel(generateChannels(), { total: DEFAULT_DEMO_VIDEOS })).toEqual(perChannel);
  });

  it('is deterministic for a given now', () => {
    expect(generateCatalog({ now: NOW, videosTotal: 300 })).toEqual(generateCatalog({ now: NOW, videosTotal: 300 }));
  });

  it('publishes over the two years before now, to the second; live streams within the last day', () => {
    for (const video of videos) {
      const age = NOW.getTime() - video.publishedAt.getTime();
      expect(video.publishedAt.getTime() % 1000).toBe(0);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(731 * DAY_MS);
      if (video.liveStatus === 'LIVE') expect(age).toBeLessThanOrEqual(DAY_MS);
    }
    const oldest = Math.min(...videos.map((video) => video.publishedAt.getTime()));
    expect(NOW.getTime() - oldest).toBeGreaterThan(700 * DAY_MS);
  });

  it('has about 1% live, 10% shorts and 5% non-embeddable videos', () => {
    expect(share(videos, (video) => video.liveStatus === 'LIVE')).toBeGreaterThan(0.004);
    expect(share(videos, (video) => video.liveStatus === 'LIVE')).toBeLessThan(0.02);
    expect(share(videos, (video) => video.isShort)).toBeGreaterThan(0.07);
    expect(share(videos, (video) => video.isShort)).toBeLessThan(0.13);
    expect(share(videos, (video) => !video.embeddable)).toBeGreaterThan(0.03);
    expect(share(videos, (video) => !video.embeddable)).toBeLessThan(0.07);
    expect(videos.some((video) => video.isShort && video.liveStatus === 'LIVE')).toBe(false);
  });

  it('embeds every video of the newest days, so the Dashboard starts with videos that play', () => {
    const newest = videos.filter((video) => NOW.getTime() - video.publishedAt.getTime() < EMBEDDABLE_NEWEST_DAYS * DAY_MS);
    expect(newest.length).toBeGreaterThan(10);
    expect(newest.every((video) => video.embeddable)).toBe(true);
  });

  it('has realistic durations', () => {
    const regular = videos.filter((video) => !video.isShort && video.liveStatus === 'NONE');
    for (const video of videos.filter((v) => v.isShort)) {
      expect(video.durationSeconds).toBeGreaterThanOrEqual(15);
      expect(video.durationSeconds).toBeLessThanOrEqual(59);
    }
    expect(share(regular, (video) => video.durationSeconds >= 120 && video.durationSeconds <= 2_700)).toBeGreaterThan(0.9);
    expect(regular.some((video) => video.durationSeconds > 3_600)).toBe(true);
    expect(regular.every((video) => video.durationSeconds >= 60)).toBe(true);
  });

  it('correlates likes with views at 1–5%', () => {
    for (const video of videos) {
      expect(video.numberOfViews).toBeGreaterThan(0);
      expect(video.numberOfLikes).toBeGreaterThanOrEqual(Math.floor(video.numberOfViews * 0.01));
      expect(video.numberOfLikes).toBeLessThanOrEqual(Math.ceil(video.numberOfViews * 0.05));
    }
    expect(Math.max(...videos.map((video) => video.numberOfViews))).toBeGreaterThan(1_000_000);
  });

  it('writes titles, 1–3 sentence descriptions and 2–6 tags that share concrete words', () => {
    for (const video of videos) {
      expect(video.title.length).toBeGreaterThan(8);
      expect(video.title.charAt(0)).toBe(video.title.charAt(0).toUpperCase());
      expect(video.tags.length).toBeGreaterThanOrEqual(2);
      expect(video.tags.length).toBeLessThanOrEqual(6);
      expect(new Set(video.tags).size).toBe(video.tags.length);
      const [subject] = video.tags;
      expect(video.title.toLowerCase()).toContain(subject);
      expect(video.description.toLowerCase()).toContain(subject);
      const sentences = video.description.split(/(?<=[.?!])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
    const text = videos.map((video) => `${video.title} ${video.description}`.toLowerCase()).join('\n');
    for (const word of ['ramen', 'sourdough', 'telescope', 'kettlebells', 'dovetail']) expect(text).toContain(word);
    expect(new Set(videos.map((video) => video.title)).size).toBeGreaterThan(videos.length * 0.7);
  });

  it('points every video at a renderable thumbnail and a committed clip', () => {
    const clipsDir = fileURLToPath(new URL('../../../media/clips/', import.meta.url));
    for (const file of DEMO_CLIP_FILES) expect(existsSync(`${clipsDir}${file}`)).toBe(true);
    const clips = new Set(DEMO_CLIP_FILES.map((file) => `/media/clips/${file}`));
    for (const video of videos) {
      expect(video.thumbnail).toMatch(new RegExp(`^/media/thumbnails/${video.externalId}\\.webp\\?h=\\d{1,3}&t=\\d&l=`));
      expect(renderUrl(video.thumbnail)).toMatch(/^<svg/);
      expect(video.mediaUrl !== null && clips.has(video.mediaUrl)).toBe(true);
    }
    expect(new Set(videos.map((video) => video.mediaUrl)).size).toBe(DEMO_CLIP_FILES.length);
  });
});

describe('text helpers', () => {
  it('title-cases subjects but keeps small words and acronyms', () => {
    expect(titleCase('the roman empire')).toBe('the Roman Empire');
    expect(titleCase('CRISPR')).toBe('CRISPR');
    expect(titleCase('renting vs buying')).toBe('Renting vs Buying');
  });

  it('takes initials from meaningful words', () => {
    expect(initialsOf('The Hungry Skillet')).toBe('HS');
    expect(initialsOf('Money with Zoë')).toBe('MZ');
    expect(initialsOf("Élodie's Kitchen")).toBe('ÉK');
    expect(initialsOf('Sam')).toBe('S');
  });

  it('normalises case and accents for search', () => {
    expect(normaliseForSearch('Crème Brûlée with ZOË')).toBe('creme brulee with zoe');
  });
});
