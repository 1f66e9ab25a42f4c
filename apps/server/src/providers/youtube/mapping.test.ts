import type { youtube_v3 } from '@googleapis/youtube';
import { describe, expect, it } from 'vitest';
import {
  bestThumbnail,
  categoryOfTopics,
  channelFromSearchResult,
  isShortVideo,
  parseIsoDuration,
  toProviderChannel,
  toProviderVideo,
  uploadsPlaylistId,
} from './mapping.js';

const CHANNEL_ID = 'UCsBjURrPoezykLs9EqgamOA';

/** A videos.list item as the API documents it: counts are strings, every part asked for is present. */
function videoItem(overrides: { snippet?: Partial<youtube_v3.Schema$VideoSnippet> } & Omit<youtube_v3.Schema$Video, 'snippet'> = {}): youtube_v3.Schema$Video {
  const { snippet, ...rest } = overrides;
  return {
    kind: 'youtube#video',
    etag: 'Wq6cGqX4u1b1zGZJQ9pNqR8m3Fk',
    id: 'jNQXAC9IVRw',
    snippet: {
      publishedAt: '2026-11-20T15:00:07Z',
      channelId: CHANNEL_ID,
      title: 'Sourdough from scratch: the 3-day method',
      description: 'Everything I learned about starters.\n\nRecipe below.',
      thumbnails: {
        default: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/default.jpg', width: 120, height: 90 },
        medium: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/mqdefault.jpg', width: 320, height: 180 },
        high: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg', width: 480, height: 360 },
        standard: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/sddefault.jpg', width: 640, height: 480 },
        maxres: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/maxresdefault.jpg', width: 1280, height: 720 },
      },
      channelTitle: 'Cooking with Ana',
      tags: ['sourdough', 'bread', 'baking'],
      categoryId: '26',
      liveBroadcastContent: 'none',
      localized: { title: 'Sourdough from scratch: the 3-day method', description: 'Everything I learned about starters.' },
      ...snippet,
    },
    contentDetails: { duration: 'PT14M7S', dimension: '2d', definition: 'hd', caption: 'false', licensedContent: true, projection: 'rectangular' },
    status: { uploadStatus: 'processed', privacyStatus: 'public', license: 'youtube', embeddable: true, publicStatsViewable: true, madeForKids: false },
    statistics: { viewCount: '1523401', likeCount: '48211', favoriteCount: '0', commentCount: '2210' },
    ...rest,
  };
}

describe('parseIsoDuration', () => {
  it.each([
    ['PT4M13S', 253],
    ['PT1H2M3S', 3723],
    ['P1DT2H3M4S', 93784],
    ['P0D', 0],
    ['PT0S', 0],
    ['PT45S', 45],
    ['PT2H', 7200],
    ['PT10M', 600],
    ['P1W', 604800],
    ['P1W2D', 777600],
    ['PT1.5S', 2],
    [' PT1M ', 60],
  ])('%s → %i s', (iso, seconds) => {
    expect(parseIsoDuration(iso)).toBe(seconds);
  });

  it.each([undefined, null, '', 'garbage', '4:13', 'PT', 'P1Y', 'P2M', 'PT-5S', 'T4M13S', 'pt4m13s', 'PT4M13'])('%j → 0', (iso) => {
    expect(parseIsoDuration(iso)).toBe(0);
  });
});

describe('bestThumbnail', () => {
  const t = (name: string) => ({ url: `https://i.ytimg.com/vi/x/${name}.jpg` });

  it('prefers the largest size present', () => {
    expect(bestThumbnail({ default: t('default'), medium: t('mqdefault'), high: t('hqdefault'), standard: t('sddefault'), maxres: t('maxresdefault') })).toBe(
      'https://i.ytimg.com/vi/x/maxresdefault.jpg',
    );
    expect(bestThumbnail({ default: t('default'), medium: t('mqdefault'), high: t('hqdefault'), standard: t('sddefault') })).toBe('https://i.ytimg.com/vi/x/sddefault.jpg');
    expect(bestThumbnail({ default: t('default'), medium: t('mqdefault'), high: t('hqdefault') })).toBe('https://i.ytimg.com/vi/x/hqdefault.jpg');
    expect(bestThumbnail({ default: t('default'), medium: t('mqdefault') })).toBe('https://i.ytimg.com/vi/x/mqdefault.jpg');
    expect(bestThumbnail({ default: t('default') })).toBe('https://i.ytimg.com/vi/x/default.jpg');
  });

  it('skips sizes without a URL and answers empty when there is nothing', () => {
    expect(bestThumbnail({ maxres: { url: '' }, high: { url: null }, medium: t('mqdefault') })).toBe('https://i.ytimg.com/vi/x/mqdefault.jpg');
    expect(bestThumbnail({})).toBe('');
    expect(bestThumbnail(undefined)).toBe('');
  });
});

describe('isShortVideo', () => {
  const base = { durationSeconds: 45, title: 'Knife trick', description: '', tags: [] as string[], live: false };

  it.each([
    ['up to 60 s without any mark', { ...base, durationSeconds: 60 }, true],
    ['a few seconds', { ...base, durationSeconds: 1 }, true],
    ['61 s without a mark', { ...base, durationSeconds: 61 }, false],
    ['up to 180 s with #shorts in the title', { ...base, durationSeconds: 180, title: 'Knife trick #Shorts' }, true],
    ['with #SHORTS in the description', { ...base, durationSeconds: 120, description: 'Follow for more\n#SHORTS #cooking' }, true],
    ['with the tag #shorts', { ...base, durationSeconds: 120, tags: ['cooking', '#shorts'] }, true],
    ['with the tag shorts (tags often lack the #)', { ...base, durationSeconds: 120, tags: ['Shorts'] }, true],
    ['a word that merely starts with shorts', { ...base, durationSeconds: 120, title: '#shortstory time', tags: ['shortstories'] }, false],
    ['shorts without the hashtag in the title', { ...base, durationSeconds: 120, title: 'My favourite shorts' }, false],
    ['181 s even with #shorts', { ...base, durationSeconds: 181, title: '#shorts' }, false],
    ['a live broadcast', { ...base, durationSeconds: 30, live: true }, false],
    ['an unknown length', { ...base, durationSeconds: 0, title: '#shorts' }, false],
  ])('%s', (_name, input, expected) => {
    expect(isShortVideo(input)).toBe(expected);
  });
});

describe('toProviderVideo', () => {
  it('maps a complete item', () => {
    expect(toProviderVideo(videoItem())).toEqual({
      externalId: 'jNQXAC9IVRw',
      channelExternalId: CHANNEL_ID,
      channelName: 'Cooking with Ana',
      title: 'Sourdough from scratch: the 3-day method',
      description: 'Everything I learned about starters.\n\nRecipe below.',
      tags: ['sourdough', 'bread', 'baking'],
      durationSeconds: 847,
      numberOfViews: 1523401,
      numberOfLikes: 48211,
      publishedAt: new Date('2026-11-20T15:00:07Z'),
      liveStatus: 'NONE',
      embeddable: true,
      isShort: false,
      thumbnail: 'https://i.ytimg.com/vi/jNQXAC9IVRw/maxresdefault.jpg',
      mediaUrl: null,
    });
  });

  it('reads hidden likes, absent tags, a missing maxres and a non-embeddable video', () => {
    const item = videoItem({
      snippet: {
        tags: undefined,
        thumbnails: {
          default: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/default.jpg', width: 120, height: 90 },
          high: { url: 'https://i.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg', width: 480, height: 360 },
        },
      },
      status: { uploadStatus: 'processed', privacyStatus: 'public', embeddable: false },
      statistics: { viewCount: '87', favoriteCount: '0', commentCount: '3' },
    });
    delete item.snippet!.tags;
    const video = toProviderVideo(item)!;
    expect(video.tags).toEqual([]);
    expect(video.numberOfLikes).toBe(0);
    expect(video.numberOfViews).toBe(87);
    expect(video.embeddable).toBe(false);
    expect(video.thumbnail).toBe('https://i.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg');
  });

  it('treats absent parts as their defaults: embeddable, no counts, no length', () => {
    const { status: _status, statistics: _statistics, contentDetails: _contentDetails, ...item } = videoItem();
    const video = toProviderVideo(item)!;
    expect(video.embeddable).toBe(true);
    expect(video.numberOfViews).toBe(0);
    expect(video.numberOfLikes).toBe(0);
    expect(video.durationSeconds).toBe(0);
    expect(video.isShort).toBe(false);
  });

  it('reads unreadable counts and dates as 0 and the epoch', () => {
    const video = toProviderVideo(videoItem({ snippet: { publishedAt: 'yesterday' }, statistics: { viewCount: 'lots', likeCount: '' } }))!;
    expect(video.numberOfViews).toBe(0);
    expect(video.numberOfLikes).toBe(0);
    expect(video.publishedAt).toEqual(new Date(0));
  });

  it('maps a broadcast that is live now (duration P0D) to LIVE, never a Short', () => {
    const video = toProviderVideo(
      videoItem({
        snippet: { liveBroadcastContent: 'live', title: 'Sunday bake-along #shorts' },
        contentDetails: { duration: 'P0D' },
        statistics: { viewCount: '1200', likeCount: '80' },
        liveStreamingDetails: { actualStartTime: '2026-11-22T17:00:41Z', scheduledStartTime: '2026-11-22T17:00:00Z', concurrentViewers: '312' },
      }),
    )!;
    expect(video.liveStatus).toBe('LIVE');
    expect(video.durationSeconds).toBe(0);
    expect(video.isShort).toBe(false);
  });

  it('maps an upcoming premiere to LIVE and keeps the snippet publication date', () => {
    const video = toProviderVideo(
      videoItem({
        snippet: { liveBroadcastContent: 'upcoming', publishedAt: '2026-11-21T09:12:00Z' },
        contentDetails: { duration: 'P0D' },
        statistics: { viewCount: '0', favoriteCount: '0', commentCount: '0' },
        liveStreamingDetails: { scheduledStartTime: '2026-12-01T18:00:00Z' },
      }),
    )!;
    expect(video.liveStatus).toBe('LIVE');
    expect(video.publishedAt).toEqual(new Date('2026-11-21T09:12:00Z'));
  });

  it('recognises a Short by its length', () => {
    const video = toProviderVideo(videoItem({ contentDetails: { duration: 'PT38S' } }))!;
    expect(video.isShort).toBe(true);
    expect(video.durationSeconds).toBe(38);
  });

  it('answers null without an id or a snippet', () => {
    expect(toProviderVideo({ ...videoItem(), id: undefined })).toBeNull();
    expect(toProviderVideo({ ...videoItem(), id: '' })).toBeNull();
    expect(toProviderVideo({ ...videoItem(), snippet: undefined })).toBeNull();
  });
});

describe("categoryOfTopics: YouTube's topic pages → SPEC's categories", () => {
  const wiki = (topic: string) => `https://en.wikipedia.org/wiki/${topic}`;
  it.each<[string[], string | null]>([
    [[wiki('Music'), wiki('Pop_music')], 'music'],
    [[wiki('Video_game_culture'), wiki('Role-playing_video_game')], 'gaming'],
    [[wiki('Association_football')], 'sports'],
    // a narrow topic wins over the broad parent listed first
    [[wiki('Knowledge'), wiki('Technology')], 'technology'],
    [[wiki('Entertainment'), wiki('Humour')], 'comedy'],
    [[wiki('Lifestyle_(sociology)'), wiki('Tourism')], 'travel'],
    // a broad parent alone still says something
    [[wiki('Knowledge')], 'education'],
    [[wiki('Society')], 'news'],
    [[], null],
    [[wiki('Unheard_of')], null],
  ])('%j → %s', (topics, category) => expect(categoryOfTopics(topics)).toBe(category));

  it('reads escaped page names and no list at all', () => {
    expect(categoryOfTopics([wiki('Lifestyle_%28sociology%29'), wiki('Pet')])).toBe('nature');
    expect(categoryOfTopics(undefined)).toBeNull();
  });
});

describe('toProviderChannel', () => {
  const channelItem: youtube_v3.Schema$Channel = {
    kind: 'youtube#channel',
    etag: 'hP8C9nL0s1ZbZ3O5uQy2C1Vq0aE',
    id: CHANNEL_ID,
    snippet: {
      title: 'Cooking with Ana',
      description: 'Bread, soups and everything slow.',
      customUrl: '@cookingwithana',
      publishedAt: '2014-03-02T10:11:12Z',
      thumbnails: {
        default: { url: 'https://yt3.ggpht.com/abc=s88-c-k-c0x00ffffff-no-rj', width: 88, height: 88 },
        medium: { url: 'https://yt3.ggpht.com/abc=s240-c-k-c0x00ffffff-no-rj', width: 240, height: 240 },
        high: { url: 'https://yt3.ggpht.com/abc=s800-c-k-c0x00ffffff-no-rj', width: 800, height: 800 },
      },
      localized: { title: 'Cooking with Ana', description: 'Bread, soups and everything slow.' },
    },
    contentDetails: { relatedPlaylists: { likes: '', uploads: 'UUsBjURrPoezykLs9EqgamOA' } },
    statistics: { viewCount: '48120993', subscriberCount: '412000', hiddenSubscriberCount: false, videoCount: '318' },
    topicDetails: { topicCategories: ['https://en.wikipedia.org/wiki/Lifestyle_(sociology)', 'https://en.wikipedia.org/wiki/Food'] },
  };

  it('maps counts from strings and takes the largest avatar', () => {
    expect(toProviderChannel(channelItem)).toEqual({
      externalId: CHANNEL_ID,
      name: 'Cooking with Ana',
      description: 'Bread, soups and everything slow.',
      topic: null,
      category: 'food',
      thumbnail: 'https://yt3.ggpht.com/abc=s800-c-k-c0x00ffffff-no-rj',
      numberOfFollowers: 412000,
      numberOfVideos: 318,
      numberOfViews: 48120993,
    });
  });

  it('reads a hidden subscriber count as 0, whether left out or sent anyway', () => {
    const { subscriberCount: _left, ...hidden } = channelItem.statistics!;
    expect(toProviderChannel({ ...channelItem, statistics: { ...hidden, hiddenSubscriberCount: true } })!.numberOfFollowers).toBe(0);
    expect(toProviderChannel({ ...channelItem, statistics: { ...channelItem.statistics, hiddenSubscriberCount: true } })!.numberOfFollowers).toBe(0);
  });

  it('treats an absent statistics part as no counts', () => {
    const { statistics: _statistics, ...item } = channelItem;
    expect(toProviderChannel(item)).toMatchObject({ numberOfFollowers: 0, numberOfVideos: 0, numberOfViews: 0 });
  });

  it('has no category without topics, or with topics that map to none', () => {
    const { topicDetails: _topics, ...item } = channelItem;
    expect(toProviderChannel(item)!.category).toBeNull();
    expect(toProviderChannel({ ...channelItem, topicDetails: { topicCategories: ['https://en.wikipedia.org/wiki/Something_new'] } })!.category).toBeNull();
  });

  it('answers null without an id or a snippet', () => {
    expect(toProviderChannel({ ...channelItem, id: undefined })).toBeNull();
    expect(toProviderChannel({ ...channelItem, snippet: undefined })).toBeNull();
  });
});

describe('channelFromSearchResult', () => {
  const result: youtube_v3.Schema$SearchResult = {
    kind: 'youtube#searchResult',
    etag: 'xyz',
    id: { kind: 'youtube#channel', channelId: CHANNEL_ID },
    snippet: {
      publishedAt: '2014-03-02T10:11:12Z',
      channelId: CHANNEL_ID,
      title: 'Cooking with Ana',
      description: 'Bread, soups and everything slow.',
      thumbnails: {
        default: { url: 'https://yt3.ggpht.com/abc=s88-c-k-c0xffffffff-no-rj-mo' },
        medium: { url: 'https://yt3.ggpht.com/abc=s240-c-k-c0xffffffff-no-rj-mo' },
        high: { url: 'https://yt3.ggpht.com/abc=s800-c-k-c0xffffffff-no-rj-mo' },
      },
      channelTitle: 'Cooking with Ana',
      liveBroadcastContent: 'none',
    },
  };

  it('maps a channel result', () => {
    expect(channelFromSearchResult(result)).toEqual({
      externalId: CHANNEL_ID,
      name: 'Cooking with Ana',
      description: 'Bread, soups and everything slow.',
      thumbnail: 'https://yt3.ggpht.com/abc=s800-c-k-c0xffffffff-no-rj-mo',
    });
  });

  it('falls back to the title when channelTitle is empty', () => {
    expect(channelFromSearchResult({ ...result, snippet: { ...result.snippet, channelTitle: '' } })!.name).toBe('Cooking with Ana');
  });

  it('answers null for a video result or a result without a snippet', () => {
    expect(channelFromSearchResult({ ...result, id: { kind: 'youtube#video', videoId: 'jNQXAC9IVRw' } })).toBeNull();
    expect(channelFromSearchResult({ ...result, snippet: undefined })).toBeNull();
  });
});

describe('uploadsPlaylistId', () => {
  it('derives the UU playlist of a UC channel', () => {
    expect(uploadsPlaylistId(CHANNEL_ID)).toBe('UUsBjURrPoezykLs9EqgamOA');
  });

  it('refuses anything else', () => {
    expect(() => uploadsPlaylistId('UUsBjURrPoezykLs9EqgamOA')).toThrow(RangeError);
    expect(() => uploadsPlaylistId('@cookingwithana')).toThrow(RangeError);
  });
});
