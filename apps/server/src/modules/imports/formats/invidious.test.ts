import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

describe('Invidious JSON', () => {
  it('follows the subscriptions, reads playlists with their privacy, and reads the watch history newest first', async () => {
    const file = {
      subscriptions: [CHANNELS.kurzgesagt, CHANNELS.mkbhd, CHANNELS.kurzgesagt, 'not-a-channel'],
      // Newest first, ids only; a video watched twice appears twice, and Invidious keeps whatever was stored.
      watch_history: [VIDEOS.zoo, VIDEOS.gangnam, VIDEOS.rickroll, VIDEOS.zoo, 'not a video'],
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
    expect(bundle.history).toEqual([{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.gangnam }, { externalId: VIDEOS.rickroll }]);
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
