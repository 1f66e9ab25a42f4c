import { describe, expect, it } from 'vitest';
import { CHANNEL_ID_PATTERN, parseChannelReference, parseVideoReference, VIDEO_ID_PATTERN, type ChannelReference } from './addresses.js';

const CHANNEL_ID = 'UCXuqSBlHAE6Xw-yeJA0Tunw';
const VIDEO_ID = 'dQw4w9WgXcQ';

describe('parseChannelReference', () => {
  const cases: Array<[string, ChannelReference | null]> = [
    // Handles: the address people copy from the browser, its tabs and tracking parameters, every host and scheme.
    ['https://www.youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://www.youtube.com/@LinusTechTips/videos', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://www.youtube.com/@LinusTechTips/featured', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://www.youtube.com/@LinusTechTips?si=abc123&feature=shared', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://www.youtube.com/@LinusTechTips/', { kind: 'handle', handle: '@LinusTechTips' }],
    ['http://youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['www.youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['m.youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://music.youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['//www.youtube.com/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['HTTPS://WWW.YOUTUBE.COM/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['https://www.youtube.com:443/@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['  https://www.youtube.com/@LinusTechTips \n', { kind: 'handle', handle: '@LinusTechTips' }],
    ['@LinusTechTips', { kind: 'handle', handle: '@LinusTechTips' }],
    ['  @cooking.with-ana_2  ', { kind: 'handle', handle: '@cooking.with-ana_2' }],
    // Handles in other scripts arrive percent-encoded from the address bar.
    ['https://www.youtube.com/@caf%C3%A9creme', { kind: 'handle', handle: '@cafécreme' }],
    ['@caf%C3%A9creme', { kind: 'handle', handle: '@cafécreme' }],
    ['https://www.youtube.com/@%E3%83%A9%E3%83%BC%E3%83%A1%E3%83%B3', { kind: 'handle', handle: '@ラーメン' }],
    // Channel ids.
    [`https://www.youtube.com/channel/${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    [`https://www.youtube.com/channel/${CHANNEL_ID}/videos?view=0`, { kind: 'id', id: CHANNEL_ID }],
    [`youtube.com/channel/${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    [`http://m.youtube.com/channel/${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    [`https://music.youtube.com/channel/${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    [CHANNEL_ID, { kind: 'id', id: CHANNEL_ID }],
    [` ${CHANNEL_ID}\t`, { kind: 'id', id: CHANNEL_ID }],
    [`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    [`youtube.com/feeds/videos.xml?channel_id=${CHANNEL_ID}`, { kind: 'id', id: CHANNEL_ID }],
    // Legacy names.
    ['https://www.youtube.com/c/LinusTechTips', { kind: 'custom', name: 'LinusTechTips' }],
    ['youtube.com/c/LinusTechTips/videos', { kind: 'custom', name: 'LinusTechTips' }],
    ['https://www.youtube.com/user/LinusTechTips', { kind: 'username', name: 'LinusTechTips' }],
    ['m.youtube.com/user/LinusTechTips?app=desktop', { kind: 'username', name: 'LinusTechTips' }],
  ];

  it.each(cases)('%j → %j', (input, expected) => {
    expect(parseChannelReference(input)).toEqual(expected);
  });

  const notChannels = [
    '',
    '   ',
    'cooking videos',
    'LinusTechTips',
    '@',
    '@ab',
    '@has space',
    `UC${'x'.repeat(21)}`,
    `UC${'x'.repeat(23)}`,
    `https://www.youtube.com/channel/UC${'x'.repeat(21)}`,
    `https://www.youtube.com/channel/`,
    `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    `https://youtu.be/${VIDEO_ID}`,
    `https://www.youtube.com/shorts/${VIDEO_ID}`,
    'https://www.youtube.com/',
    'https://www.youtube.com/results?search_query=cooking',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'https://www.youtube.com/c/',
    'https://www.youtube.com/user/',
    'https://vimeo.com/@LinusTechTips',
    'https://vimeo.com/channels/staffpicks',
    'https://youtube.com.evil.com/@LinusTechTips',
    'https://evil.com/youtube.com/@LinusTechTips',
    'https://www.youtube.com@evil.com/@LinusTechTips',
    'https://user:pass@www.youtube.com/@LinusTechTips',
    'https://www.youtube.com:8080/@LinusTechTips',
    'javascript:alert(1)//youtube.com/@LinusTechTips',
    'javascript://www.youtube.com/@LinusTechTips',
    'ftp://www.youtube.com/@LinusTechTips',
    'https://www.youtube.com/@bad%ZZencoding',
    'https://www.youtube.com/feeds/videos.xml?channel_id=nope',
    'https://www.youtube.com/feeds/videos.xml?playlist_id=PL1234567890',
  ];

  it.each(notChannels)('%j is not a channel reference', (input) => {
    expect(parseChannelReference(input)).toBeNull();
  });
});

describe('parseVideoReference', () => {
  const videoAddresses = [
    `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    `https://www.youtube.com/watch?v=${VIDEO_ID}&t=42s`,
    `https://www.youtube.com/watch?v=${VIDEO_ID}&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=3`,
    `https://www.youtube.com/watch?feature=shared&v=${VIDEO_ID}`,
    `https://www.youtube.com/watch?app=desktop&t=1m2s&v=${VIDEO_ID}&pp=ygUEY2F0cw%3D%3D`,
    `http://youtube.com/watch?v=${VIDEO_ID}`,
    `youtube.com/watch?v=${VIDEO_ID}`,
    `www.youtube.com/watch?v=${VIDEO_ID}`,
    `https://m.youtube.com/watch?v=${VIDEO_ID}`,
    `https://music.youtube.com/watch?v=${VIDEO_ID}&si=xyz`,
    `https://youtu.be/${VIDEO_ID}`,
    `https://youtu.be/${VIDEO_ID}?si=B_RZg_I-lLaa7UU-`,
    `https://youtu.be/${VIDEO_ID}?t=42`,
    `youtu.be/${VIDEO_ID}`,
    `//youtu.be/${VIDEO_ID}`,
    `https://www.youtube.com/shorts/${VIDEO_ID}`,
    `https://youtube.com/shorts/${VIDEO_ID}?feature=share`,
    `https://www.youtube.com/live/${VIDEO_ID}?si=abc`,
    `https://www.youtube.com/embed/${VIDEO_ID}`,
    `https://www.youtube.com/embed/${VIDEO_ID}?start=10&autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${VIDEO_ID}`,
    `youtube-nocookie.com/embed/${VIDEO_ID}`,
    `  https://www.youtube.com/watch?v=${VIDEO_ID}\n`,
  ];

  it.each(videoAddresses)('%j → the video id', (input) => {
    expect(parseVideoReference(input)).toBe(VIDEO_ID);
  });

  it('keeps ids with - and _', () => {
    expect(parseVideoReference('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  const notVideos = [
    '',
    'cooking videos',
    // A bare 11-character word could be anything someone typed (a search for "programming"), so it is not an id.
    VIDEO_ID,
    'programming',
    `https://www.youtube.com/watch?v=${VIDEO_ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${VIDEO_ID}x`,
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
    `https://www.youtube.com/watch/extra?v=${VIDEO_ID}`,
    `https://www.youtube.com/shorts/${VIDEO_ID}/more`,
    `https://www.youtube.com/shorts/`,
    `https://youtu.be/`,
    `https://youtu.be/${VIDEO_ID}/extra`,
    `https://www.youtube.com/@LinusTechTips`,
    `https://www.youtube.com/channel/${CHANNEL_ID}`,
    `https://vimeo.com/${VIDEO_ID}`,
    `https://vimeo.com/watch?v=${VIDEO_ID}`,
    `https://youtube.com.evil.com/watch?v=${VIDEO_ID}`,
    `https://youtu.be.evil.com/${VIDEO_ID}`,
    `https://evil.com/?u=youtube.com/watch?v=${VIDEO_ID}`,
    `javascript:alert('youtu.be/${VIDEO_ID}')`,
    `javascript://youtu.be/${VIDEO_ID}`,
    `ftp://youtu.be/${VIDEO_ID}`,
  ];

  it.each(notVideos)('%j is not a video reference', (input) => {
    expect(parseVideoReference(input)).toBeNull();
  });
});

describe('id patterns', () => {
  it('match the documented shapes only', () => {
    expect(CHANNEL_ID_PATTERN.test(CHANNEL_ID)).toBe(true);
    expect(CHANNEL_ID_PATTERN.test(`UU${CHANNEL_ID.slice(2)}`)).toBe(false);
    expect(CHANNEL_ID_PATTERN.test(` ${CHANNEL_ID}`)).toBe(false);
    expect(VIDEO_ID_PATTERN.test(VIDEO_ID)).toBe(true);
    expect(VIDEO_ID_PATTERN.test('dQw4w9WgXc!')).toBe(false);
    expect(VIDEO_ID_PATTERN.test(`${VIDEO_ID}\n`)).toBe(false);
  });
});
