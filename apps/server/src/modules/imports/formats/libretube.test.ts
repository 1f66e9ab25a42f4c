import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

/**
 * A LibreTube backup as the app writes it (BackupDialog → kotlinx.serialization: fields at their defaults left out,
 * so no `format`), every option ticked.
 */
const backup = {
  watchHistory: [
    { videoId: VIDEOS.zoo, title: 'Me at the zoo', uploadDate: '2005-04-24', uploader: 'jawed', uploaderUrl: '/channel/UC4QobU6STFB0P71PMvOGN5A', thumbnailUrl: 'https://i.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg', duration: 19 },
    { videoId: VIDEOS.rickroll, title: 'Never Gonna Give You Up', uploadDate: '2009-10-25', uploader: 'Rick Astley', duration: 213 },
  ],
  watchPositions: [
    { videoId: VIDEOS.rickroll, position: 42000 },
    { videoId: VIDEOS.gangnam, position: 1000 },
  ],
  searchHistory: [{ query: 'kurzgesagt' }],
  customInstances: [{ name: 'My Piped', apiUrl: 'https://pipedapi.example.org', frontendUrl: 'https://piped.example.org' }],
  playlistBookmarks: [{ playlistId: 'PLBCF2DAC6FFB574DE', playlistName: 'Someone else’s mix', uploader: 'Other', uploaderUrl: '/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw' }],
  preferences: [
    { key: 'selected_instance', value: 'https://pipedapi.kavin.rocks' },
    { key: 'auth_instance_toggle', value: false },
  ],
  groups: [
    { groupName: 'Science', channels: [CHANNELS.kurzgesagt, CHANNELS.veritasium] },
    { groupName: 'Later', channels: [], index: 1 },
  ],
  subscriptions: [
    { channelId: CHANNELS.kurzgesagt, url: `https://www.youtube.com/channel/${CHANNELS.kurzgesagt}`, name: 'Kurzgesagt – In a Nutshell', avatar: 'https://yt3.ggpht.com/a.jpg', verified: true },
    { channelId: CHANNELS.veritasium, url: `https://www.youtube.com/channel/${CHANNELS.veritasium}`, name: 'Veritasium', avatar: 'https://yt3.ggpht.com/b.jpg' },
  ],
  localPlaylists: [
    {
      playlist: { id: 1, name: 'Chill', thumbnailUrl: 'https://i.ytimg.com/vi/kJQP7kiw5Fk/hqdefault.jpg', description: 'for Sundays' },
      videos: [
        { id: 1, playlistId: 1, videoId: VIDEOS.despacito, title: 'Despacito', uploader: 'Luis Fonsi', duration: 282 },
        { id: 2, playlistId: 1, videoId: VIDEOS.hotline, title: 'Hotline Bling', uploader: 'Drake', duration: 295 },
      ],
    },
    { playlist: { id: 2, name: 'Empty for now' } },
  ],
  // The same playlists again, as Piped writes them.
  playlists: [
    { name: 'Chill', type: 'playlist', visibility: 'private', videos: [`https://www.youtube.com/watch?v=${VIDEOS.despacito}`, `https://www.youtube.com/watch?v=${VIDEOS.hotline}`] },
    { name: 'Empty for now', type: 'playlist', visibility: 'private', videos: [] },
  ],
};

describe('LibreTube backup', () => {
  it('reads subscriptions, local playlists (once), channel groups as sifts, and lists what it leaves out', async () => {
    const bundle = await parseImportFile(utf8(JSON.stringify(backup)));
    expect(bundle.format).toBe('LIBRETUBE_JSON');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
    ]);
    expect(bundle.playlists).toEqual([
      { name: 'Chill', description: 'for Sundays', videos: [{ externalId: VIDEOS.despacito, title: 'Despacito' }, { externalId: VIDEOS.hotline, title: 'Hotline Bling' }] },
      { name: 'Empty for now', videos: [] },
    ]);
    expect(bundle.sifts).toEqual([{ name: 'Science', channels: [{ externalId: CHANNELS.kurzgesagt }, { externalId: CHANNELS.veritasium }] }]);
    expect(bundle.skipped).toEqual([
      { item: 'Someone else’s mix (PLBCF2DAC6FFB574DE)', reason: SKIP_REASONS.bookmarkedPlaylist },
      { item: 'Later', reason: SKIP_REASONS.emptyGroup },
    ]);
    // LibreTube keeps no time of watching; its table is oldest first. Positions are milliseconds, lengths seconds; a
    // position without a history entry is a video watched too.
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.rickroll, position: 42, duration: 213, title: 'Never Gonna Give You Up' },
      { externalId: VIDEOS.zoo, duration: 19, title: 'Me at the zoo' },
      { externalId: VIDEOS.gangnam, position: 1 },
    ]);
  });

  it('reads a subscriptions-only backup, and an older one (localSubscriptions, channelGroups)', async () => {
    const only = { subscriptions: [{ channelId: CHANNELS.mkbhd, url: `https://www.youtube.com/channel/${CHANNELS.mkbhd}`, name: 'Marques Brownlee' }] };
    expect(await parseImportFile(utf8(JSON.stringify(only)))).toEqual({
      format: 'LIBRETUBE_JSON',
      channels: [{ externalId: CHANNELS.mkbhd, name: 'Marques Brownlee' }],
      playlists: [],
      sifts: [],
      history: [],
      skipped: [],
    });
    const older = { localSubscriptions: [{ channelId: CHANNELS.vsauce }], channelGroups: [{ name: 'Curious', channels: [CHANNELS.vsauce] }], watchHistory: [] };
    const bundle = await parseImportFile(utf8(JSON.stringify(older)));
    expect(bundle).toMatchObject({ format: 'LIBRETUBE_JSON', channels: [{ externalId: CHANNELS.vsauce }], sifts: [{ name: 'Curious', channels: [{ externalId: CHANNELS.vsauce }] }], skipped: [] });
  });
});
