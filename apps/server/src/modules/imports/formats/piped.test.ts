import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

describe('Piped JSON', () => {
  it('reads playlists with their visibility and videos in order', async () => {
    const file = {
      format: 'Piped',
      version: 1,
      playlists: [
        {
          name: 'Chill',
          type: 'playlist',
          visibility: 'private',
          videos: [`https://youtube.com/watch?v=${VIDEOS.zoo}`, `https://youtube.com/watch?v=${VIDEOS.rickroll}`, `https://youtube.com/watch?v=${VIDEOS.zoo}`],
        },
        { name: 'Shared', type: 'playlist', visibility: 'public', videos: [`https://piped.video/watch?v=${VIDEOS.gangnam}`, '/watch?v=' + VIDEOS.hotline, 'https://example.com/x'] },
      ],
    };
    const bundle = await parseImportFile(utf8(JSON.stringify(file)));
    expect(bundle.format).toBe('PIPED_JSON');
    expect(bundle.playlists).toEqual([
      { name: 'Chill', public: false, videos: [{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.rickroll }] },
      { name: 'Shared', public: true, videos: [{ externalId: VIDEOS.gangnam }, { externalId: VIDEOS.hotline }] },
    ]);
    expect(bundle.skipped).toEqual([
      { item: `${VIDEOS.zoo} in playlist "Chill"`, reason: SKIP_REASONS.duplicate },
      { item: 'https://example.com/x in playlist "Shared"', reason: SKIP_REASONS.badId },
    ]);
  });

  it('reads subscriptions and channel groups (sifts)', async () => {
    const file = {
      format: 'Piped',
      version: 1,
      subscriptions: [
        { url: `https://www.youtube.com/channel/${CHANNELS.veritasium}`, name: 'Veritasium', service_id: 0 },
        { url: `https://www.youtube.com/channel/${CHANNELS.vsauce}`, name: 'Vsauce', service_id: 0 },
      ],
      groups: [
        { groupName: 'Science', channels: [CHANNELS.veritasium, CHANNELS.vsauce, CHANNELS.veritasium] },
        { groupName: 'Nothing yet', channels: [] },
      ],
    };
    const bundle = await parseImportFile(utf8(JSON.stringify(file)));
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
      { externalId: CHANNELS.vsauce, name: 'Vsauce' },
    ]);
    expect(bundle.sifts).toEqual([{ name: 'Science', channels: [{ externalId: CHANNELS.veritasium }, { externalId: CHANNELS.vsauce }] }]);
    expect(bundle.skipped).toEqual([
      { item: `${CHANNELS.veritasium} in sift "Science"`, reason: SKIP_REASONS.duplicate },
      { item: 'Nothing yet', reason: SKIP_REASONS.emptyGroup },
    ]);
  });

  it('reads a channel group exported on its own', async () => {
    const bundle = await parseImportFile(utf8(JSON.stringify({ groupName: 'Tech', channels: [CHANNELS.mkbhd] })));
    expect(bundle).toEqual({ format: 'PIPED_JSON', channels: [], playlists: [], sifts: [{ name: 'Tech', channels: [{ externalId: CHANNELS.mkbhd }] }], history: [], skipped: [] });
  });
});
