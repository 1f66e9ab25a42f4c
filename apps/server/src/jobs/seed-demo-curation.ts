import type { ProviderChannel, ProviderVideo } from '../providers/video-provider.js';
import type { Services } from '../app.js';

/**
 * A few public sifts and playlists of demo curators, so that a visitor of the demo finds sifts under /sifts (Explore:
 * most followed, new, by category), a curator's profile with something on it, sifts and playlists in search, channels
 * that are in several sifts and sifts that share channels (similar sifts), and the load benchmark has sift pages to
 * read. Curators are accounts that cannot log in (no password, an e-mail at the reserved `.invalid` domain, so no mail
 * can ever reach anyone).
 */
interface Curated {
  curator: { firstName: string; lastName: string };
  name: string;
  description: string;
  category: string;
  /** Channels of a topic: `count` of them from the `from`-th on (in the catalog's order). */
  channels: Array<{ topic: string; from: number; count: number }>;
  keywords: { all: string[]; any: string[]; none: string[] };
  /** The curator's public playlist of the first topic's most viewed videos. */
  playlist?: { name: string; description: string };
}

const MARA = { firstName: 'Mara', lastName: 'Quill' };
const IVO = { firstName: 'Ivo', lastName: 'Brandt' };
const NOOR = { firstName: 'Noor', lastName: 'Adeyemi' };
const NONE = { all: [], any: [], none: [] };

const CURATED: readonly Curated[] = [
  {
    curator: MARA,
    name: 'Weeknight cooking',
    description: 'Cheap, easy and at home: dinners for busy evenings from the best cooking channels.',
    category: 'food',
    channels: [{ topic: 'Cooking', from: 0, count: 4 }],
    keywords: { all: [], any: ['easy', 'weeknight', 'home'], none: ['challenge'] },
    playlist: { name: 'Sunday kitchen', description: 'Longer cooking projects for a slow weekend, picked by Mara.' },
  },
  {
    curator: IVO,
    name: 'Space, explained',
    description: 'Black holes, telescopes and exoplanets, explained without the hype.',
    category: 'science',
    channels: [{ topic: 'Science', from: 0, count: 4 }],
    keywords: { all: [], any: ['black holes', 'telescopes', 'exoplanets', 'neutron stars', 'comets', 'dark matter'], none: [] },
    playlist: { name: 'Start here: science', description: 'The science videos Ivo sends to friends first.' },
  },
  {
    curator: NOOR,
    name: 'Beginner workouts',
    description: 'Routines and guides for people just starting out.',
    category: 'health',
    channels: [{ topic: 'Fitness', from: 0, count: 4 }],
    keywords: { all: [], any: ['beginner', 'beginners', 'routine', 'guide'], none: [] },
    playlist: { name: 'Twenty-minute workouts', description: 'Short sessions that fit a lunch break, picked by Noor.' },
  },
  {
    curator: MARA,
    name: 'Bread and pastry',
    description: 'Sourdough, croissants, focaccia and the sweet things after them.',
    category: 'food',
    channels: [{ topic: 'Cooking', from: 2, count: 3 }],
    keywords: { all: [], any: ['sourdough', 'croissants', 'focaccia', 'bagels', 'pizza dough', 'cheesecake', 'tiramisu', 'crème brûlée'], none: [] },
  },
  {
    curator: IVO,
    name: 'The science of food',
    description: 'What happens in the pan and in the oven, and the scientists who explain it.',
    category: 'science',
    channels: [
      { topic: 'Cooking', from: 0, count: 1 },
      { topic: 'Science', from: 0, count: 2 },
    ],
    keywords: NONE,
  },
  {
    curator: NOOR,
    name: 'Active travel',
    description: 'Trips on foot and by bike, and the training for them.',
    category: 'travel',
    channels: [
      { topic: 'Travel', from: 0, count: 3 },
      { topic: 'Fitness', from: 3, count: 1 },
    ],
    keywords: NONE,
  },
];

/** Curators follow each other's sifts (without mail: frequency NONE), so Explore's "Most followed" has an order. */
const FOLLOWS: ReadonlyArray<{ sift: string; by: Curated['curator'][] }> = [
  { sift: 'Weeknight cooking', by: [IVO, NOOR] },
  { sift: 'Space, explained', by: [MARA, NOOR] },
  { sift: 'Bread and pastry', by: [IVO] },
  { sift: 'Beginner workouts', by: [MARA] },
];

/** How many videos each curator's public playlist holds: the most viewed of the topic that play here. */
const VIDEOS_PER_PLAYLIST = 8;

const emailOf = (curator: Curated['curator']) => `${curator.firstName}.${curator.lastName}@demo.sift.invalid`.toLowerCase();

export async function seedDemoCuration(services: Services, channels: readonly ProviderChannel[], videos: readonly ProviderVideo[]): Promise<void> {
  const made = new Map<string, string>();
  for (const sift of CURATED) {
    const picked = sift.channels.flatMap(({ topic, from, count }) => channels.filter((c) => c.topic === topic).slice(from, from + count));
    if (picked.length === 0) continue;
    const email = emailOf(sift.curator);
    const curator = (await services.users.findByEmail(email)) ?? (await services.users.createAccount({ email, ...sift.curator, origin: 'demo', confirmed: true }));
    const { hash } = await services.sifts.create(
      {
        name: sift.name,
        description: sift.description,
        category: sift.category,
        public: true,
        channels: picked.map((c) => ({ externalId: c.externalId })),
        keywords: sift.keywords,
      },
      curator.id,
    );
    made.set(sift.name, hash);
    if (!sift.playlist) continue;
    const topicChannels = new Set(channels.filter((c) => c.topic === sift.channels[0]!.topic).map((c) => c.externalId));
    const picks = videos
      .filter((v) => topicChannels.has(v.channelExternalId) && v.embeddable && !v.isShort)
      .sort((a, b) => b.numberOfViews - a.numberOfViews)
      .slice(0, VIDEOS_PER_PLAYLIST);
    const viewer = { id: curator.id };
    const playlist = await services.playlists.create(sift.playlist, viewer);
    for (const video of picks) await services.playlists.addVideo(String(playlist.id), { externalId: video.externalId }, viewer);
    await services.playlists.setPublic(String(playlist.id), viewer, true);
  }
  for (const { sift, by } of FOLLOWS) {
    const hash = made.get(sift);
    if (!hash) continue;
    for (const follower of by) {
      const user = await services.users.findByEmail(emailOf(follower));
      if (user) await services.subscriptions.followSifts(user.id, { sifts: [hash], frequency: 'NONE' });
    }
  }
}
