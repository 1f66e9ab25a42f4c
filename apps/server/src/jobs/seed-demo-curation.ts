import type { ProviderChannel, ProviderVideo } from '../providers/video-provider.js';
import type { Services } from '../app.js';

/**
 * A few public sifts and playlists of demo curators, so that a visitor of the demo finds sifts under /sifts, a
 * curator's profile with something on it, and sifts and playlists in search (and the load benchmark has sift pages
 * to read). Curators are accounts that cannot log in (no password, an e-mail at
 * the reserved `.invalid` domain, so no mail can ever reach anyone).
 */
const CURATED: ReadonlyArray<{
  topic: string;
  curator: { firstName: string; lastName: string };
  name: string;
  description: string;
  keywords: { all: string[]; any: string[]; none: string[] };
  playlist: { name: string; description: string };
}> = [
  {
    topic: 'Cooking',
    curator: { firstName: 'Mara', lastName: 'Quill' },
    name: 'Weeknight cooking',
    description: 'Cheap, easy and at home: dinners for busy evenings from the best cooking channels.',
    keywords: { all: [], any: ['easy', 'weeknight', 'home'], none: ['challenge'] },
    playlist: { name: 'Sunday kitchen', description: 'Longer cooking projects for a slow weekend, picked by Mara.' },
  },
  {
    topic: 'Science',
    curator: { firstName: 'Ivo', lastName: 'Brandt' },
    name: 'Space, explained',
    description: 'Black holes, telescopes and exoplanets, explained without the hype.',
    keywords: { all: [], any: ['black holes', 'telescopes', 'exoplanets', 'neutron stars', 'comets', 'dark matter'], none: [] },
    playlist: { name: 'Start here: science', description: 'The science videos Ivo sends to friends first.' },
  },
  {
    topic: 'Fitness',
    curator: { firstName: 'Noor', lastName: 'Adeyemi' },
    name: 'Beginner workouts',
    description: 'Routines and guides for people just starting out.',
    keywords: { all: [], any: ['beginner', 'beginners', 'routine', 'guide'], none: [] },
    playlist: { name: 'Twenty-minute workouts', description: 'Short sessions that fit a lunch break, picked by Noor.' },
  },
];

/** How many channels of its topic each curated sift takes. */
const CHANNELS_PER_SIFT = 4;
/** How many videos each curator's public playlist holds: the most viewed of the topic that play here. */
const VIDEOS_PER_PLAYLIST = 8;

export async function seedDemoCuration(services: Services, channels: readonly ProviderChannel[], videos: readonly ProviderVideo[]): Promise<void> {
  for (const sift of CURATED) {
    const picked = channels.filter((c) => c.topic === sift.topic).slice(0, CHANNELS_PER_SIFT);
    if (picked.length === 0) continue;
    const email = `${sift.curator.firstName}.${sift.curator.lastName}@demo.sift.invalid`.toLowerCase();
    const curator = (await services.users.findByEmail(email)) ?? (await services.users.createAccount({ email, ...sift.curator, origin: 'demo', confirmed: true }));
    await services.sifts.create(
      { name: sift.name, description: sift.description, public: true, channels: picked.map((c) => ({ externalId: c.externalId })), keywords: sift.keywords },
      curator.id,
    );
    const topicChannels = new Set(channels.filter((c) => c.topic === sift.topic).map((c) => c.externalId));
    const picks = videos
      .filter((v) => topicChannels.has(v.channelExternalId) && v.embeddable && !v.isShort)
      .sort((a, b) => b.numberOfViews - a.numberOfViews)
      .slice(0, VIDEOS_PER_PLAYLIST);
    const viewer = { id: curator.id };
    const playlist = await services.playlists.create(sift.playlist, viewer);
    for (const video of picks) await services.playlists.addVideo(String(playlist.id), { externalId: video.externalId }, viewer);
    await services.playlists.setPublic(String(playlist.id), viewer, true);
  }
}
