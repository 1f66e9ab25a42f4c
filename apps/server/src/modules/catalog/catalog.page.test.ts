import { describe, expect, it } from 'vitest';
import type { Video } from '@sift/contracts';
import { INLINE_VIDEO_ID, withOpenedVideo } from './catalog.page.js';

const INDEX = '<!doctype html>\n<html><head><title>Sift</title>\n</head>\n<body class="x">\n<div id="root"></div>\n</body></html>';
const video = (mediaUrl: string | null) => ({ externalId: 'v1', title: 'A <b>clip</b>', mediaUrl }) as unknown as Video;
const pageOf = (stored: Video | null) => withOpenedVideo(async () => INDEX, { findStoredVideo: async () => stored });

describe('withOpenedVideo', () => {
  it('puts the video in the head and, for local media, an empty hidden <video> first in the body (decision 059)', async () => {
    const html = await pageOf(video('/media/clips/clip-1.webm'))('/watch?v=v1');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script type="application/json" id="${INLINE_VIDEO_ID}">`);
    expect(head).not.toContain('<video');
    // Right after <body>, before the app's root; hidden, with no source (it loads nothing).
    expect(html).toMatch(/<body class="x">\s*<video hidden preload="none"><\/video>\s*<div id="root">/);
    expect(html.match(/<video/g)).toHaveLength(1);
  });

  it('adds no <video> for a video the provider plays in its own frame, and nothing without a stored video', async () => {
    expect(await pageOf(video(null))('/watch?v=v1')).not.toContain('<video');
    expect(await pageOf(null)('/watch?v=v1')).toBe(INDEX);
    expect(await pageOf(video('/m.webm'))('/')).toBe(INDEX);
  });
});
