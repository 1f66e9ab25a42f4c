import { describe, expect, it } from 'vitest';
import { channelIdFrom, videoIdFrom } from './youtube-ids.js';

const CHANNEL = 'UCsXVk37bltHxD1rDPwtNM8Q';
const VIDEO = 'dQw4w9WgXcQ';

describe('channelIdFrom', () => {
  it.each([
    [CHANNEL, CHANNEL],
    [`  ${CHANNEL} `, CHANNEL],
    [`http://www.youtube.com/channel/${CHANNEL}`, CHANNEL],
    [`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`, CHANNEL],
    [`https://yewtu.be/feed/channel/${CHANNEL}`, CHANNEL],
    [`https://invidious.example.org/feeds/videos.xml?channel_id=${CHANNEL}`, CHANNEL],
    [`https://piped.video/channel/${CHANNEL}`, CHANNEL],
    [`/channel/${CHANNEL}`, CHANNEL],
    ['https://www.youtube.com/@handle', null],
    ['https://www.youtube.com/feeds/videos.xml?playlist_id=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', null],
    ['UC-too-short', null],
    [`javascript:alert("${CHANNEL}")`, null],
    [42, null],
  ])('%s → %s', (input, expected) => {
    expect(channelIdFrom(input)).toBe(expected);
  });
});

describe('videoIdFrom', () => {
  it.each([
    [VIDEO, VIDEO],
    [`${VIDEO}   `, VIDEO],
    [`https://www.youtube.com/watch?v=${VIDEO}`, VIDEO],
    [`https://youtube.com/watch?v=${VIDEO}&list=WL`, VIDEO],
    [`https://youtu.be/${VIDEO}`, VIDEO],
    [`https://www.youtube.com/shorts/${VIDEO}`, VIDEO],
    [`https://piped.video/watch?v=${VIDEO}`, VIDEO],
    [`/watch?v=${VIDEO}`, VIDEO],
    [`https://yewtu.be/embed/${VIDEO}`, VIDEO],
    ['https://example.com/x', null],
    ['too-short', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(videoIdFrom(input)).toBe(expected);
  });
});
