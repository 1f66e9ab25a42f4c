import type { ProviderChannel } from '../providers/video-provider.js';
import type { Services } from '../app.js';

/**
 * A few public sifts of demo curators, so that a visitor of the demo finds sifts under /sifts and in search (and
 * the load benchmark has sift pages to read). Curators are accounts that cannot log in (no password, an e-mail at
 * the reserved `.invalid` domain, so no mail can ever reach anyone).
 */
const CURATED: ReadonlyArray<{
  topic: string;
  curator: { firstName: string; lastName: string };
  name: string;
  description: string;
  keywords: { all: string[]; any: string[]; none: string[] };
}> = [
  {
    topic: 'Cooking',
    curator: { firstName: 'Mara', lastName: 'Quill' },
    name: 'Weeknight cooking',
    description: 'Cheap, easy and at home: dinners for busy evenings from the best cooking channels.',
    keywords: { all: [], any: ['easy', 'weeknight', 'home'], none: ['challenge'] },
  },
  {
    topic: 'Science',
    curator: { firstName: 'Ivo', lastName: 'Brandt' },
    name: 'Space, explained',
    description: 'Black holes, telescopes and exoplanets, explained without the hype.',
    keywords: { all: [], any: ['black holes', 'telescopes', 'exoplanets', 'neutron stars', 'comets', 'dark matter'], none: [] },
  },
  {
    topic: 'Fitness',
    curator: { firstName: 'Noor', lastName: 'Adeyemi' },
    name: 'Beginner workouts',
    description: 'Routines and guides for people just starting out.',
    keywords: { all: [], any: ['beginner', 'beginners', 'routine', 'guide'], none: [] },
  },
];

/** How many channels of its topic each curated sift takes. */
const CHANNELS_PER_SIFT = 4;

export async function seedDemoSifts(services: Services, channels: readonly ProviderChannel[]): Promise<void> {
  for (const sift of CURATED) {
    const picked = channels.filter((c) => c.topic === sift.topic).slice(0, CHANNELS_PER_SIFT);
    if (picked.length === 0) continue;
    const email = `${sift.curator.firstName}.${sift.curator.lastName}@demo.sift.invalid`.toLowerCase();
    const curator = (await services.users.findByEmail(email)) ?? (await services.users.createAccount({ email, ...sift.curator, origin: 'demo', confirmed: true }));
    await services.sifts.create(
      { name: sift.name, description: sift.description, public: true, channels: picked.map((c) => ({ externalId: c.externalId })), keywords: sift.keywords },
      curator.id,
    );
  }
}
