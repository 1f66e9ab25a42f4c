import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

describe('Invidious JSON', () => {
  it('follows the subscriptions, reads playlists with their privacy, and reads the watch history from its end (newest)', async () => {
    const file = {
      subscriptions: [CHANNELS.kurzgesagt, CHANNELS.mkbhd, CHANNELS.kurzgesagt, 'not-a-channel'],
      // Oldest first (Invidious appends each watch), ids only; an id twice or a bad one, as a hand-edited file may hold.
      watch_history: ['not a video', VIDEOS.zoo, VIDEOS.rickroll, VIDEOS.gangnam, VIDEOS.zoo],
      // Later versions: where each video was left (seconds), and when.
      playback_positions: [{ video_id: VIDEOS.gangnam, position: 42, updated_at: 1700000000 }],
      preferences: { annotations: false, autoplay: false, dark_mode: 'dark', locale: 'de', quality: 'hd720' },
      playlists: [
        { title: 'Öffentlich', description: 'Für alle', privacy: 'Public', videos: [VIDEOS.zoo, VIDEOS.gangnam] },
        { title: 'Privat', description: '', privacy: 'Private', videos: [VIDEOS.rickroll, VIDEOS.rickroll] },
        { title: 'Unlisted', description: '', privacy: 'Unlisted', videos: [] },
      ],
    };
    const bundle = await parseImportFile(utf8(JSON.stringify(file)));
    expect(bundle.format).toBe('INVIDIOUS_JSON');
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.kurzgesagt }, { externalId: CHANNELS.mkbhd }]);
    expect(bundle.playlists).toEqual([
      { name: 'Öffentlich', description: 'Für alle', public: true, videos: [{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.gangnam }] },
      { name: 'Privat', public: false, videos: [{ externalId: VIDEOS.rickroll }] },
      { name: 'Unlisted', public: false, videos: [] },
    ]);
    expect(bundle.skipped).toEqual([
      { item: CHANNELS.kurzgesagt, reason: SKIP_REASONS.duplicate },
      { item: 'not-a-channel', reason: SKIP_REASONS.badId },
      { item: `${VIDEOS.rickroll} in playlist "Privat"`, reason: SKIP_REASONS.duplicate },
      { item: 'not a video in watch history', reason: SKIP_REASONS.badId },
    ]);
    expect(bundle.history).toEqual([{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.gangnam, position: 42 }, { externalId: VIDEOS.rickroll }]);
  });
});

describe('A watch history longer than Sift keeps', () => {
  it('keeps the newest videos up to the limit and sums up the rest in one line; re-watches do not count', async () => {
    const id = (n: number): string => `v${String(n).padStart(10, '0')}`;
    const limit = IMPORT_LIMITS.maxHistory;
    // Newest first: every video once, the first ones watched again further down, two past the limit. Invidious writes
    // the list oldest first.
    const ids = Array.from({ length: limit + 2 }, (_, n) => id(n));
    const file = { subscriptions: [], watch_history: [...ids.slice(0, limit), id(0), id(1), ...ids.slice(limit)].reverse() };
    const bundle = await parseImportFile(utf8(JSON.stringify(file)));
    expect(bundle.history).toHaveLength(limit);
    expect(bundle.history[0]).toEqual({ externalId: id(0) });
    expect(bundle.history.at(-1)).toEqual({ externalId: id(limit - 1) });
    expect(bundle.skipped).toEqual([{ item: 'Watch history: 2 more videos', reason: SKIP_REASONS.historyOver }]);
  });
});

describe('Invidious OPML', () => {
  it('reads the channels nested in its "Invidious Subscriptions" outline', async () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.1">
  <body>
    <outline text="Invidious Subscriptions" title="Invidious Subscriptions">
      <outline text="Kurzgesagt – In a Nutshell" title="Kurzgesagt – In a Nutshell" type="rss" xmlUrl="https://invidious.example.org/feeds/videos.xml?channel_id=${CHANNELS.kurzgesagt}"/>
      <outline text="Tom &amp; Jerry&#39;s" title="Tom &amp; Jerry&#39;s" type="rss" xmlUrl="https://yewtu.be/feed/channel/${CHANNELS.vsauce}"/>
    </outline>
  </body>
</opml>`;
    const bundle = await parseImportFile(utf8(opml));
    expect(bundle.format).toBe('OPML');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.vsauce, name: "Tom & Jerry's" },
    ]);
    expect(bundle.skipped).toEqual([]);
  });
});
