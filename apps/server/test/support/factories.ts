import type { ProviderChannel, ProviderVideo } from '../../src/providers/video-provider.js';

let sequence = 0;
const nextId = (prefix: string, length: number) => `${prefix}${String(++sequence).padStart(length, '0')}`;

export function aChannel(overrides: Partial<ProviderChannel> = {}): ProviderChannel {
  const externalId = overrides.externalId ?? nextId('UCtest', 18);
  return {
    externalId,
    name: `Channel ${externalId}`,
    description: 'A channel made by a test.',
    topic: 'Testing',
    category: null,
    thumbnail: `/media/avatars/${externalId}.svg`,
    numberOfFollowers: 1000,
    numberOfVideos: 0,
    numberOfViews: 50_000,
    ...overrides,
  };
}

/** Videos of one channel, the first the newest, one hour apart. */
export function videosOf(channel: ProviderChannel, count: number, newest = new Date('2026-10-01T12:00:00Z')): ProviderVideo[] {
  return Array.from({ length: count }, (_, i) => aVideo(channel, { publishedAt: new Date(newest.getTime() - i * 3_600_000) }));
}

export function aVideo(channel: ProviderChannel, overrides: Partial<ProviderVideo> = {}): ProviderVideo {
  const externalId = overrides.externalId ?? nextId('v', 10);
  return {
    externalId,
    channelExternalId: channel.externalId,
    channelName: channel.name,
    title: `Video ${externalId}`,
    description: 'A video made by a test.',
    tags: ['test'],
    durationSeconds: 300,
    numberOfViews: 1234,
    numberOfLikes: 56,
    publishedAt: new Date('2026-10-01T12:00:00Z'),
    liveStatus: 'NONE',
    embeddable: true,
    isShort: false,
    thumbnail: `/media/thumbnails/${externalId}.svg`,
    mediaUrl: '/media/clips/clip-1.webm',
    ...overrides,
  };
}
