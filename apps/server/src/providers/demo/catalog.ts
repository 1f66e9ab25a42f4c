import type { ProviderChannel, ProviderVideo } from '../video-provider.js';

/**
 * The demo provider's catalog: realistic channels and videos generated from a seed, with no I/O, so the embedded
 * default looks like a real video service offline and benchmarks can stream a million videos.
 *
 * Every video is a pure function of (seed, index, channels, now): nothing is carried from one video to the next,
 * so generateVideos streams in constant memory and any single video can be rebuilt on its own.
 */

export const DEFAULT_DEMO_SEED = 20_240_611;
export const DEFAULT_DEMO_CHANNELS = 48;
export const DEFAULT_DEMO_VIDEOS = 4_800;
export const DEMO_CLIP_FILES = [
  'clip-1.webm',
  'clip-2.webm',
  'clip-3.webm',
  'clip-4.webm',
  'clip-5.webm',
  'clip-6.webm',
  'clip-7.webm',
  'clip-8.webm',
] as const;

export interface DemoTopic {
  name: string;
  /** Its channels' category among SPEC's sift categories (migration 0018 maps catalogs seeded before the same way). */
  category: string;
  /** Centre of the hue range of this topic's thumbnails, so a topic reads as one colour family. */
  hue: number;
  /** Concrete nouns: titles, descriptions and tags are built from them so keyword rules have something to match. */
  subjects: readonly string[];
  /**
   * {S}/{S2}: title-cased subjects; {n}: a small count; {d}: a number of days; {ep}: an episode number;
   * {part}: a part number; {year}: year of publication.
   */
  titles: readonly string[];
  /** {s}/{s2}: subjects as written. */
  sentences: readonly string[];
  tags: readonly string[];
  /** {first}, {last}: creator names; {adj}: an adjective from CHANNEL_ADJECTIVES. */
  channelNames: readonly string[];
}

export const DEMO_TOPICS: readonly DemoTopic[] = [
  {
    name: 'Cooking',
    category: 'food',
    hue: 18,
    subjects: [
      'ramen', 'sourdough', 'croissants', 'pad thai', 'lasagna', 'paella', 'dumplings', 'tacos al pastor',
      'bibimbap', 'risotto', 'brisket', 'cheesecake', 'pho', 'focaccia', 'green curry', 'kimchi', 'tiramisu',
      'bagels', 'pizza dough', 'miso soup', 'crème brûlée', 'jalapeño poppers',
    ],
    titles: [
      'I Tried Cooking {S} From Scratch for {d} Days',
      'The Best {S} I Have Ever Made',
      '{n} Mistakes Everyone Makes With {S}',
      'Restaurant-Style {S} at Home',
      '{S} vs {S2}: Which Is Harder to Make?',
      'Making {S} With a Professional Chef',
      'Cheap and Easy {S} for Busy Weeknights',
      'The Secret to Perfect {S}',
      'Why Your {S} Never Turns Out Right',
      'Cooking {S} Over an Open Fire',
    ],
    sentences: [
      'Today we are making {s} the slow way, with a side of {s2}.',
      'This {s} recipe takes about an hour and uses ingredients you probably already have.',
      'I tested five ways to make {s} so you do not have to.',
      'Full recipe for the {s} and the {s2} is in the description below.',
      'A cast iron pan and a little patience are all you need for great {s}.',
    ],
    tags: ['cooking', 'recipe', 'food', 'home cooking', 'easy recipes', 'kitchen', 'baking'],
    channelNames: ["{first}'s Kitchen", '{first} Cooks', 'Cooking with {first}', 'The {adj} Skillet', '{adj} Pantry', '{first} {last} Eats'],
  },
  {
    name: 'Science',
    category: 'science',
    hue: 205,
    subjects: [
      'black holes', 'quantum entanglement', 'telescopes', 'CRISPR', 'neutron stars', 'dark matter',
      'photosynthesis', 'volcanoes', 'plate tectonics', 'the immune system', 'superconductors', 'exoplanets',
      'entropy', 'DNA', 'fusion reactors', 'gravitational waves', 'tardigrades', 'lasers', 'batteries', 'comets',
    ],
    titles: [
      'The Physics of {S}, Explained',
      'What Happens Inside {S}?',
      'Why {S} Are Weirder Than You Think',
      'The Surprising Science of {S}',
      '{S} in {n} Minutes',
      'We Built a Machine to Study {S}',
      'How {S} Changed Everything We Know',
      'Scientists Just Discovered Something Strange About {S}',
      '{S} vs {S2}: A Scientist Explains',
      'The Biggest Unsolved Mystery of {S}',
    ],
    sentences: [
      'In this video we look at {s} and what it tells us about {s2}.',
      'We spoke to a researcher who has spent twenty years studying {s}.',
      'A backyard telescope, a lot of coffee and one big question about {s}.',
      'All sources and papers about {s} are linked below.',
      'The experiment with {s} did not go as planned, and that is the interesting part.',
    ],
    tags: ['science', 'physics', 'education', 'space', 'biology', 'explained', 'documentary'],
    channelNames: ['{adj} Physics', '{first} Explains', 'The {adj} Lab', '{first} {last} Science', 'Science with {first}', '{adj} Universe'],
  },
  {
    name: 'Music',
    category: 'music',
    hue: 285,
    subjects: [
      'guitar', 'piano', 'synthesizers', 'drum fills', 'jazz chords', 'music theory', 'the blues scale',
      'bass lines', 'vocal harmony', 'lo-fi beats', 'violin', 'film scores', 'ukulele', 'modular synths',
      'chord progressions', 'orchestration', 'mixing vocals', 'sampling', 'vinyl records', 'counterpoint',
    ],
    titles: [
      'Learn {S} in {d} Days (Beginner Friendly)',
      'The {S} Trick Every Musician Should Know',
      'I Wrote a Song Using Only {S}',
      '{n} Levels of {S}: Beginner to Pro',
      'Why {S} Sounds So Good',
      '{S} vs {S2}: Which Should You Learn First?',
      'Making a Beat With {S} in {n} Minutes',
      'The History of {S} in One Video',
      'Fixing Your {S} Practice Routine',
      'Improvising With {S} for the First Time',
    ],
    sentences: [
      'A relaxed lesson on {s}, with tabs and sheet music for {s2} linked below.',
      'We break down {s} note by note so you can play along.',
      'Everything in this track was recorded live, including the {s}.',
      'Practise the {s} exercise slowly at first, then bring in the metronome.',
      'My gear for recording {s}: a cheap interface, one microphone and headphones.',
    ],
    tags: ['music', 'music lesson', 'tutorial', 'musician', 'practice', 'cover', 'songwriting'],
    channelNames: ['{first} Plays', '{adj} Chords', '{first} {last} Music', 'The {adj} Synth', 'Practice with {first}', '{adj} Groove'],
  },
  {
    name: 'Gaming',
    category: 'gaming',
    hue: 130,
    subjects: [
      'speedruns', 'roguelikes', 'pixel art', 'boss fights', 'open world RPGs', 'retro consoles',
      'strategy games', 'indie games', 'level design', 'city builders', 'survival games', 'esports',
      'game soundtracks', 'platformers', 'co-op games', 'puzzle games', 'modding', 'arcade cabinets',
      'game engines', 'cozy games',
    ],
    titles: [
      'I Played {S} for {d} Days Straight',
      'The {n} Best {S} Nobody Talks About',
      'Ranking Every Era of {S}',
      'Why {S} Are So Addictive',
      'Beating {S} Without Taking Damage',
      '{S} vs {S2}: The Ultimate Showdown',
      'Building a Game About {S} in {n} Hours',
      'The Rise and Fall of {S}',
      'Hidden Secrets in {S}',
      'My Top {n} {S} of {year}',
    ],
    sentences: [
      'Today we dive into {s} and why they still matter in {s2}.',
      'This run took weeks of practice, mostly on the {s} section.',
      'Timestamps for every part of the {s} discussion are in the comments.',
      'Let me know your favourite {s} in the comments.',
      'We rate {s} on gameplay, art and how long they kept us up at night.',
    ],
    tags: ['gaming', 'video games', 'gameplay', 'lets play', 'game review', 'walkthrough', 'retro gaming'],
    channelNames: ['{first}Plays', '{adj} Pixel', '{first} Speedruns', 'The {adj} Controller', '{first} {last} Gaming', '{adj} Respawn'],
  },
  {
    name: 'Travel',
    category: 'travel',
    hue: 170,
    subjects: [
      'Kyoto', 'Lisbon', 'Patagonia', 'Iceland', 'Marrakech', 'the Scottish Highlands', 'Hanoi', 'Cape Town',
      'the Dolomites', 'Oaxaca', 'night trains', 'budget hostels', 'Istanbul', 'the Faroe Islands', 'Bogotá',
      'Montréal', 'Andalusia', 'Norwegian fjords', 'Mexico City', 'Curaçao',
    ],
    titles: [
      'Travelling Through {S} on $30 a Day',
      '{d} Days in {S}: The Complete Guide',
      'Is {S} Worth the Hype?',
      'What Nobody Tells You About {S}',
      'The Most Underrated Corner of {S}',
      '{S} vs {S2}: Where Should You Go?',
      '{n} Things I Wish I Knew Before Visiting {S}',
      'Solo Trip to {S}',
      'Eating Only Street Food in {S}',
      'Getting Lost in {S}',
    ],
    sentences: [
      'We spent two weeks exploring {s} with just a backpack and a rail pass.',
      'From {s} we took the slow road towards {s2}.',
      'Budget breakdown for the {s} trip, hostels and trains included, is below.',
      'Early autumn is the best time to visit {s}, once the summer crowds are gone.',
      'Our camera, drone and packing list for {s} are in the description.',
    ],
    tags: ['travel', 'travel vlog', 'backpacking', 'travel guide', 'adventure', 'budget travel', 'vlog'],
    channelNames: ['{first} Wanders', '{adj} Passport', '{first} Travels', 'The {adj} Backpack', '{first} {last} Abroad', '{adj} Atlas'],
  },
  {
    name: 'Fitness',
    category: 'health',
    hue: 350,
    subjects: [
      'kettlebells', 'marathon training', 'calisthenics', 'mobility', 'deadlifts', 'yoga', 'HIIT', 'pull-ups',
      'running form', 'protein', 'stretching', 'squats', 'rowing', 'cycling', 'swimming technique',
      'core strength', 'recovery', 'jump rope', 'home gym', 'posture',
    ],
    titles: [
      'I Did {S} Every Day for {d} Days',
      'The Only {S} Guide You Will Ever Need',
      '{n} {S} Mistakes That Kill Your Progress',
      'A {n} Minute {S} Routine for Beginners',
      'The Science of {S}',
      '{S} vs {S2}: What Actually Works?',
      'How I Fixed My {S}',
      'Full {S} Workout (No Equipment)',
      'Coach Reacts to Your {S}',
      'The Truth About {S}',
    ],
    sentences: [
      'A follow-along {s} session you can do at home in under twenty minutes.',
      'We combine {s} with {s2} for a balanced week of training.',
      'Always warm up before {s}, and stop if anything feels sharp.',
      'My full {s} program is free to download, link below.',
      'Tracking your {s} progress weekly is the easiest way to stay consistent.',
    ],
    tags: ['fitness', 'workout', 'training', 'health', 'exercise', 'gym', 'strength'],
    channelNames: ['{first} Lifts', '{adj} Strength', 'Train with {first}', 'The {adj} Athlete', '{first} {last} Fitness', '{adj} Mobility'],
  },
  {
    name: 'Tech reviews',
    category: 'technology',
    hue: 230,
    subjects: [
      'mechanical keyboards', 'laptops', 'smartphones', 'noise cancelling headphones', 'mirrorless cameras',
      'e-readers', 'smartwatches', 'mini PCs', 'monitors', 'routers', 'drones', 'tablets', 'SSDs',
      'graphics cards', 'USB-C hubs', 'webcams', 'Raspberry Pi', 'e-bikes', '3D printers', 'microphones',
    ],
    titles: [
      'The Best Budget {S} of {year}',
      'I Used Only {S} for {d} Days',
      '{S} Review: Worth It?',
      '{n} {S} Tested and Ranked',
      'Do Expensive {S} Actually Matter?',
      '{S} vs {S2}: Which Should You Buy?',
      'Every {S} Feature Explained',
      'Long-Term Review: {S} After One Year',
      'Stop Buying the Wrong {S}',
      'Building the Ultimate Desk Setup With {S}',
    ],
    sentences: [
      'We bought {s} with our own money and tested them for a month.',
      'Benchmarks, battery life and build quality of {s}, compared with {s2}.',
      'None of the {s} in this video were sent to us by the manufacturer.',
      'Prices for {s} change often, so check the links below before you buy.',
      'Full spec sheet and test results for the {s} are on our website.',
    ],
    tags: ['tech', 'review', 'unboxing', 'gadgets', 'tech review', 'comparison', 'buying guide'],
    channelNames: ['{first} Reviews', '{adj} Tech', '{first} Unboxes', 'The {adj} Gadget', '{first} {last} Tech', '{adj} Benchmark'],
  },
  {
    name: 'History',
    category: 'education',
    hue: 40,
    subjects: [
      'the Roman Empire', 'the Silk Road', 'the Vikings', 'ancient Egypt', 'the printing press',
      'the Byzantine Empire', 'the Ottoman Empire', 'the Cold War', 'medieval castles', 'the Industrial Revolution',
      'the Aztecs', 'samurai', 'the Hanseatic League', 'the Bronze Age collapse', 'lighthouses',
      'the Library of Alexandria', 'the Mongol Empire', 'Pompeii', 'the Renaissance', 'the Space Race',
    ],
    titles: [
      'The Untold Story of {S}',
      'How {S} Really Ended',
      '{S} Explained in {n} Minutes',
      'What Daily Life Was Like in {S}',
      'The Biggest Myths About {S}',
      '{S} vs {S2}: Who Would Win?',
      'Why {S} Still Matters Today',
      'The Maps That Explain {S}',
      'The Rise and Fall of {S}',
      'A Day in {S}',
    ],
    sentences: [
      'A look at {s} through letters, maps and the people who lived through it.',
      'How {s} shaped what came next, from trade to {s2}.',
      'Sources and further reading about {s} are listed below.',
      'Historians still argue about {s}; here are the main theories.',
      'Animated maps of {s} were made with open data from the library archives.',
    ],
    tags: ['history', 'documentary', 'ancient history', 'education', 'maps', 'medieval', 'storytelling'],
    channelNames: ['{first} on History', '{adj} Archives', 'History with {first}', 'The {adj} Chronicle', '{first} {last} History', '{adj} Antiquity'],
  },
  {
    name: 'DIY & Woodworking',
    category: 'diy',
    hue: 28,
    subjects: [
      'dovetail joints', 'a workbench', 'hand planes', 'an epoxy river table', 'a cutting board', 'a bookshelf',
      'chisels', 'a table saw', 'wood finishing', 'a dining table', 'router jigs', 'a live edge slab', 'a garden shed',
      'kitchen cabinets', 'a rocking chair', 'walnut', 'oak', 'plywood', 'a wood lathe', 'drawer slides',
    ],
    titles: [
      'Building {S} With Only Hand Tools',
      'I Spent {d} Days Building {S}',
      '{n} Beginner Mistakes With {S}',
      'The Easiest Way to Make {S}',
      'Restoring {S} I Found at a Flea Market',
      '{S} vs {S2}: Which Is Better for Beginners?',
      'How to Build {S} on a Budget',
      'Making {S} From Reclaimed Wood',
      'The Jig That Changed How I Make {S}',
      'My First Time Making {S}',
    ],
    sentences: [
      'In this build we make {s} from rough lumber, start to finish.',
      'Plans for {s} and a cut list for {s2} are available below.',
      'Sharp chisels and a square are the most important tools for {s}.',
      'Safety first: use push sticks and eye protection when you work on {s}.',
      'The finish on {s} is three coats of hardwax oil, lightly sanded between coats.',
    ],
    tags: ['woodworking', 'diy', 'how to', 'woodshop', 'build', 'furniture', 'hand tools'],
    channelNames: ['{first} Builds', '{adj} Workshop', '{first} Makes', 'The {adj} Woodshop', '{first} {last} Woodworking', '{adj} Sawdust'],
  },
  {
    name: 'Personal finance',
    category: 'business',
    hue: 150,
    subjects: [
      'index funds', 'budgeting', 'an emergency fund', 'compound interest', 'credit scores', 'mortgages',
      'retirement savings', 'ETFs', 'dividend stocks', 'side hustles', 'inflation', 'student loans',
      'frugal living', 'taxes', 'bonds', 'real estate', 'the FIRE movement', 'insurance', 'renting vs buying',
      'net worth',
    ],
    titles: [
      '{S} Explained for Beginners',
      'I Tracked My {S} for {d} Days',
      '{n} {S} Mistakes That Cost You Thousands',
      'The Truth About {S} in {year}',
      'How I Think About {S}',
      '{S} vs {S2}: What to Do First',
      'Everything You Need to Know About {S}',
      'Why Most People Get {S} Wrong',
      'A Simple Plan for {S}',
      'Answering Your Questions About {S}',
    ],
    sentences: [
      'A plain-language guide to {s}, with a spreadsheet you can copy.',
      'We compare {s} with {s2} and show the numbers over ten years.',
      'This is education, not financial advice: check your own situation before acting on {s}.',
      'The calculator for {s} used in this video is linked below.',
      'Small, boring habits around {s} beat clever tricks almost every time.',
    ],
    tags: ['personal finance', 'money', 'investing', 'saving', 'budget', 'financial freedom', 'stocks'],
    channelNames: ['{first} Money', '{adj} Budget', 'Money with {first}', 'The {adj} Investor', '{first} {last} Finance', '{adj} Dollar'],
  },
];

const FIRST_NAMES = [
  'Maya', 'Theo', 'Priya', 'Lucas', 'Aiko', 'Mateo', 'Nora', 'Kwame', 'Elena', 'Sam', 'Ingrid', 'Omar', 'Zoë',
  'Chloé', 'José', 'Hana', 'Felix', 'Ava', 'Diego', 'Freya', 'Jonas', 'Leila', 'Ravi', 'Sofia', 'Marcus', 'Yuki',
  'Amara', 'Björn', 'Camille', 'Tariq', 'Renée', 'Iris', 'Noah', 'Mei', 'Gabriel', 'Ada',
] as const;
const LAST_NAMES = [
  'Chen', 'Okafor', 'Lindqvist', 'Moreau', 'Patel', 'Kowalski', 'Nakamura', 'García', 'Silva', 'Novak', 'Hughes',
  'Brennan', 'Adeyemi', 'Rossi', 'Fischer', 'Haddad', 'Kim', 'Dubois', 'Ortega', 'Walsh',
] as const;
const CHANNEL_ADJECTIVES = [
  'Hungry', 'Curious', 'Weekend', 'Tiny', 'Honest', 'Slow', 'Midnight', 'Golden', 'Wild', 'Simple', 'Rusty',
  'Brave', 'Quiet', 'Humble', 'Restless', 'Cozy', 'Northern', 'Friendly',
] as const;
const UPLOAD_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const CLOSING_SENTENCES = [
  'Timestamps are in the comments.',
  'Thanks for watching, and see you next week.',
  'Let me know in the comments what I should try next.',
  'Subscribe for a new video every week.',
  'Links to everything I used are below.',
  'Huge thanks to everyone who supports the channel.',
] as const;
/** Shared by every topic; episode and part numbers make repeats across a large catalog rarer. */
const GENERIC_TITLES = [
  '{S}: Everything You Need to Know',
  "A Beginner's Guide to {S}",
  'What Nobody Tells You About {S}',
  '{S} | Episode {ep}',
  'Answering Your {S} Questions',
  '{S}, Part {part}',
  'Is {S} Overrated?',
  'My Honest Thoughts on {S}',
  'Q&A: {S} and {S2}',
  '{S} Deep Dive ({year})',
  'Everything Wrong With {S}',
  'Weekly Roundup #{ep}: {S}',
] as const;
const SHORT_TITLES = [
  '{S} in 60 Seconds',
  'One Quick Tip for {S}',
  'Wait for the End: {S}',
  'You Have Been Doing {S} Wrong',
  '{S} Hack #{ep}',
  'POV: You Just Discovered {S}',
  '{S} Fact of the Day #{ep}',
  '{S} or {S2}?',
] as const;
const LIVE_TITLES = [
  'Live: {S} Q&A',
  'Live Now: Talking {S} With You',
  '24/7 {S} Livestream',
  'Late-Night {S} Stream',
  'Sunday Stream #{ep}: {S}',
  'Live: {S} and {S2} With Chat',
] as const;
const COUNTS = [3, 5, 7, 10, 12] as const;
const DAY_COUNTS = [7, 14, 30, 100] as const;

const SECONDS_PER_DAY = 86_400;
const TWO_YEARS_SECONDS = 730 * SECONDS_PER_DAY;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INITIALS_SKIPPED_WORDS = new Set(['the', 'with', 'on', 'and', 'of', 'a', 'an']);
const SMALL_TITLE_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'vs', 'in', 'on', 'to', 'for', 'at']);

// Salts keep the random streams of different purposes independent for one seed.
const SALT_CHANNEL = 0x1b873593;
const SALT_CHANNEL_ID = 0x85ebca6b;
const SALT_VIDEO = 0xcc9e2d51;
const SALT_VIDEO_ID = 0xc2b2ae35;
const SALT_CHANNEL_PICK = 0x27d4eb2f;

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness

export type Random = () => number;

/** mulberry32: tiny, fast, good enough for synthetic data; returns floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mixes two 32-bit values into a well-spread 32-bit hash (murmur3 finaliser), so nearby indexes look unrelated. */
function hash2(a: number, b: number): number {
  let h = (a ^ Math.imul(b >>> 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hash2(h >>> 0, text.length);
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickOther<T>(random: Random, items: readonly T[], not: T): T {
  const item = pick(random, items);
  return item === not ? pick(random, items.filter((candidate) => candidate !== not)) : item;
}

function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Roughly normal with mean 0 and standard deviation 1 (sum of uniforms): cheap, bounded, good enough here. */
function roughNormal(random: Random): number {
  return (random() + random() + random() + random() - 2) * Math.sqrt(3);
}

// ---------------------------------------------------------------------------------------------------------------
// Ids shaped like YouTube's

/**
 * A keyed 4-round Feistel permutation of 64-bit values held as two 32-bit halves. Being a bijection, it maps
 * distinct indexes to distinct ids with no bookkeeping, which is what keeps the id space collision-free when a
 * million videos are streamed.
 */
function permute64(high: number, low: number, key: number): [number, number] {
  let left = high >>> 0;
  let right = low >>> 0;
  for (let round = 0; round < 4; round++) {
    const next = (left ^ hash2(right, key + round)) >>> 0;
    left = right;
    right = next;
  }
  return [left, right];
}

/** Reads 32-bit words as one big-endian bit string, six bits per character, padding the tail with zero bits. */
function encodeBase64Url(words: readonly number[], length: number): string {
  let out = '';
  for (let char = 0; char < length; char++) {
    let value = 0;
    for (let bit = char * 6; bit < char * 6 + 6; bit++) {
      const word = words[bit >>> 5] ?? 0;
      value = (value << 1) | ((word >>> (31 - (bit & 31))) & 1);
    }
    out += BASE64URL[value];
  }
  return out;
}

function splitIndex(index: number): [number, number] {
  return [Math.floor(index / 4_294_967_296) >>> 0, index >>> 0];
}

/** 11 characters carrying 64 bits, like YouTube's (whose last character likewise holds only 4 bits). */
export function demoVideoId(seed: number, index: number): string {
  const [high, low] = splitIndex(index);
  const [a, b] = permute64(high, low, hash2(seed, SALT_VIDEO_ID));
  return encode64Bits(a, b);
}

/** encodeBase64Url([high, low], 11) unrolled: video ids are the hot path when streaming a million videos. */
function encode64Bits(high: number, low: number): string {
  const c = (sixBits: number): string => BASE64URL.charAt(sixBits & 63);
  return (
    c(high >>> 26) + c(high >>> 20) + c(high >>> 14) + c(high >>> 8) + c(high >>> 2) +
    c(((high & 3) << 4) | (low >>> 28)) +
    c(low >>> 22) + c(low >>> 16) + c(low >>> 10) + c(low >>> 4) + c((low & 15) << 2)
  );
}

/** "UC" + 22 characters carrying 128 bits, like YouTube channel ids; the first 64 bits are unique per index. */
export function demoChannelId(seed: number, index: number): string {
  const [high, low] = splitIndex(index);
  const [a, b] = permute64(high, low, hash2(seed, SALT_CHANNEL_ID));
  return `UC${encodeBase64Url([a, b, hash2(a, b), hash2(b, a)], 22)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

/**
 * "the roman empire" → "the Roman Empire": small words stay lowercase even first, because subjects are spliced
 * into the middle of titles; callers capitalise the start of the whole title. Acronyms ("CRISPR") are kept.
 */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => (SMALL_TITLE_WORDS.has(word) ? word : capitaliseFirst(word)))
    .join(' ');
}

function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => values[key] ?? placeholder);
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Initials for the avatar: first letter or digit of the first two words that are not "the", "with" and the like. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s&]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const meaningful = words.filter((word) => !INITIALS_SKIPPED_WORDS.has(word.toLowerCase()));
  return (meaningful.length > 0 ? meaningful : words)
    .slice(0, 2)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .join('')
    .toUpperCase();
}

// ---------------------------------------------------------------------------------------------------------------
// Channels

export interface GenerateChannelsOptions {
  count?: number;
  seed?: number;
}

/**
 * Channels spread evenly over DEMO_TOPICS. numberOfVideos is 0 here because it depends on how many videos are
 * generated: generateCatalog fills it in, and countVideosPerChannel gives it for any other total.
 */
export function generateChannels(options: GenerateChannelsOptions = {}): ProviderChannel[] {
  const count = options.count ?? DEFAULT_DEMO_CHANNELS;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const random = mulberry32(hash2(seed, SALT_CHANNEL));
  const popularityRanks = shuffledRanks(random, count);
  const usedNames = new Set<string>();
  const channels: ProviderChannel[] = [];
  for (let index = 0; index < count; index++) {
    const topic = topicAt(index);
    const { name, creatorFirstName } = uniqueChannelName(random, topic, pick(random, LAST_NAMES), usedNames);
    // Stratified over ranks so every seed has the same realistic shape: a few huge channels, a long tail.
    const followers = longTailFollowers((rankAt(popularityRanks, index) + random()) / count);
    const externalId = demoChannelId(seed, index);
    channels.push({
      externalId,
      name,
      description: channelDescription(random, topic, creatorFirstName),
      topic: topic.name,
      category: topic.category,
      thumbnail: avatarUrl(externalId, name),
      numberOfFollowers: followers,
      numberOfVideos: 0,
      numberOfViews: Math.round(followers * (60 + random() * 340)),
    });
  }
  return channels;
}

function topicAt(index: number): DemoTopic {
  const topic = DEMO_TOPICS[index % DEMO_TOPICS.length];
  if (!topic) throw new Error('DEMO_TOPICS is empty');
  return topic;
}

function shuffledRanks(random: Random, count: number): number[] {
  const ranks = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j] ?? 0, ranks[i] ?? 0];
  }
  return ranks;
}

function rankAt(ranks: readonly number[], index: number): number {
  return ranks[index] ?? 0;
}

/** Quantile q in [0, 1) → followers from ~1,600 (q = 0) to ~8 million (q → 1); about the top 10% pass a million. */
function longTailFollowers(q: number): number {
  return Math.round(10 ** (3.2 + 3.7 * q ** 2.6));
}

/** Names are compared accent- and case-insensitively, so "Zoë Builds" and "Zoe Builds" never both appear. */
function uniqueChannelName(
  random: Random,
  topic: DemoTopic,
  lastName: string,
  usedNames: Set<string>,
): { name: string; creatorFirstName: string } {
  let creatorFirstName: string = FIRST_NAMES[0];
  for (let attempt = 0; attempt < 100; attempt++) {
    creatorFirstName = pick(random, FIRST_NAMES);
    const name = fillTemplate(pick(random, topic.channelNames), {
      first: creatorFirstName,
      last: lastName,
      adj: pick(random, CHANNEL_ADJECTIVES),
    });
    if (claimName(usedNames, name)) return { name, creatorFirstName };
  }
  // Only reachable with far more channels than the vocabulary was sized for (thousands).
  const fallback = `${creatorFirstName} ${lastName} ${usedNames.size + 1}`;
  claimName(usedNames, fallback);
  return { name: fallback, creatorFirstName };
}

function claimName(usedNames: Set<string>, name: string): boolean {
  const key = normaliseForSearch(name);
  if (usedNames.has(key)) return false;
  usedNames.add(key);
  return true;
}

function channelDescription(random: Random, topic: DemoTopic, creatorFirstName: string): string {
  const subject = pick(random, topic.subjects);
  const other = pickOther(random, topic.subjects, subject);
  return (
    `${creatorFirstName} makes ${topic.tags[0] ?? 'new'} videos about ${subject}, ${other} and everything in ` +
    `between. New uploads every ${pick(random, UPLOAD_DAYS)}.`
  );
}

function avatarUrl(externalId: string, name: string): string {
  const query = new URLSearchParams({ h: String(hashString(name) % 360), i: initialsOf(name) });
  return `/media/avatars/${externalId}.webp?${query.toString()}`;
}

/** Case- and accent-insensitive form: "Zoë Builds" and "zoe builds" compare equal. */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------------
// Videos

export interface GenerateVideosOptions {
  total: number;
  seed?: number;
  now: Date;
}

/**
 * Streams `total` videos spread unevenly over `channels`. Holds only per-channel lookup tables, never the videos,
 * so it can produce a million for benchmarks; each video is rebuilt from (seed, index) alone.
 */
export function* generateVideos(
  channels: readonly ProviderChannel[],
  options: GenerateVideosOptions,
): Generator<ProviderVideo> {
  const context = videoContext(channels, options);
  for (let index = 0; index < options.total; index++) yield buildVideo(context, index);
}

/** How many of `total` videos generateVideos gives each channel (same order as `channels`), without building them. */
export function countVideosPerChannel(
  channels: readonly ProviderChannel[],
  options: { total: number; seed?: number },
): number[] {
  const channelPickSalt = hash2(options.seed ?? DEFAULT_DEMO_SEED, SALT_CHANNEL_PICK);
  const cumulativeWeights = channelCumulativeWeights(channels);
  const counts = new Array<number>(channels.length).fill(0);
  for (let index = 0; index < options.total; index++) {
    const channelIndex = pickChannelIndex(cumulativeWeights, channelPickSalt, index);
    counts[channelIndex] = (counts[channelIndex] ?? 0) + 1;
  }
  return counts;
}

/**
 * A topic with everything a video needs precomputed once: building a million titles is dominated by string work,
 * so subjects are title-cased, tagged and URL-encoded up front and templates are split into literal parts.
 */
interface PreparedTopic {
  topic: DemoTopic;
  topicIndex: number;
  subjects: readonly PreparedSubject[];
  titles: readonly CompiledTemplate[];
  sentences: readonly CompiledTemplate[];
}

interface PreparedSubject {
  /** As written: "the Roman Empire". */
  text: string;
  /** Capitalised, for the start of a sentence: "The Roman Empire". */
  textAtStart: string;
  /** For titles: "the Roman Empire" (small words stay lowercase mid-title). */
  titled: string;
  titledAtStart: string;
  /** Lowercase, article dropped: "roman empire". */
  tag: string;
  /** Thumbnail label, URL-encoded: "Roman%20Empire". */
  encodedLabel: string;
}

/**
 * "A {x} b" → literals ["A ", " b"], keys ["x"]; literals always has one more entry than keys. A template that
 * starts with a placeholder reads it as "^x", the capitalised form, so finished texts never need capitalising
 * afterwards (reading the first character of a concatenated string flattens it, which is slow at a million).
 */
interface CompiledTemplate {
  literals: readonly string[];
  keys: readonly string[];
}

type TemplateValues = Readonly<Record<string, string>>;

function compileTemplate(template: string): CompiledTemplate {
  const parts = template.split(/\{(\w+)\}/);
  const literals = parts.filter((_, i) => i % 2 === 0);
  const keys = parts.filter((_, i) => i % 2 === 1);
  return { literals, keys: keys.map((key, i) => (i === 0 && literals[0] === '' ? `^${key}` : key)) };
}

function renderTemplate(template: CompiledTemplate, values: TemplateValues): string {
  let out = template.literals[0] ?? '';
  for (let i = 0; i < template.keys.length; i++) {
    const key = template.keys[i] ?? '';
    // A placeholder opening the title ("^n") falls back to the plain value when there is no start-of-title form.
    out += (values[key] ?? values[key.replace(/^\^/, '')] ?? `{${key}}`) + (template.literals[i + 1] ?? '');
  }
  return out;
}

function prepareSubject(text: string): PreparedSubject {
  const bare = withoutArticle(text);
  return {
    text,
    textAtStart: capitaliseFirst(text),
    titled: titleCase(text),
    titledAtStart: capitaliseFirst(titleCase(text)),
    tag: bare.toLowerCase(),
    encodedLabel: encodeURIComponent(capitaliseFirst(titleCase(bare))),
  };
}

const PREPARED_TOPICS: readonly PreparedTopic[] = DEMO_TOPICS.map((topic, topicIndex) => ({
  topic,
  topicIndex,
  subjects: topic.subjects.map(prepareSubject),
  titles: topic.titles.map(compileTemplate),
  sentences: topic.sentences.map(compileTemplate),
}));
const GENERIC_TEMPLATES = GENERIC_TITLES.map(compileTemplate);
const SHORT_TEMPLATES = SHORT_TITLES.map(compileTemplate);
const LIVE_TEMPLATES = LIVE_TITLES.map(compileTemplate);

function preparedTopicAt(topicIndex: number): PreparedTopic {
  const prepared = PREPARED_TOPICS[topicIndex];
  if (!prepared) throw new RangeError(`no demo topic ${topicIndex}`);
  return prepared;
}

interface ChannelContext {
  channel: ProviderChannel;
  topic: PreparedTopic;
}

interface VideoContext {
  seed: number;
  videoSalt: number;
  channelPickSalt: number;
  nowSeconds: number;
  channels: ChannelContext[];
  cumulativeWeights: Float64Array;
}

function videoContext(channels: readonly ProviderChannel[], options: GenerateVideosOptions): VideoContext {
  if (channels.length === 0 && options.total > 0) throw new RangeError('generateVideos needs at least one channel');
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  return {
    seed,
    videoSalt: hash2(seed, SALT_VIDEO),
    channelPickSalt: hash2(seed, SALT_CHANNEL_PICK),
    nowSeconds: Math.floor(options.now.getTime() / 1000),
    channels: channels.map((channel) => ({ channel, topic: preparedTopicAt(topicIndexOf(channel)) })),
    cumulativeWeights: channelCumulativeWeights(channels),
  };
}

/** A channel's topic by name; channels from elsewhere (or without a topic) get a stable topic from their id. */
function topicIndexOf(channel: ProviderChannel): number {
  const byName = DEMO_TOPICS.findIndex((topic) => topic.name === channel.topic);
  return byName >= 0 ? byName : hashString(channel.externalId) % DEMO_TOPICS.length;
}

/**
 * Uneven upload rates: weight 0.5–1.6 from the channel id plus a little for popularity, so counts vary the way
 * real channels do and bigger channels tend to upload more.
 */
function channelCumulativeWeights(channels: readonly ProviderChannel[]): Float64Array {
  const cumulative = new Float64Array(channels.length);
  let total = 0;
  channels.forEach((channel, i) => {
    const idWeight = 0.5 + (1.1 * hashString(channel.externalId)) / 4_294_967_296;
    const popularityWeight = (0.4 * Math.log10(Math.max(1, channel.numberOfFollowers))) / 7;
    total += idWeight + popularityWeight;
    cumulative[i] = total;
  });
  return cumulative;
}

/** Which channel video `index` belongs to: a pure function of (seed, index), shared with countVideosPerChannel. */
function pickChannelIndex(cumulativeWeights: Float64Array, channelPickSalt: number, index: number): number {
  const total = cumulativeWeights[cumulativeWeights.length - 1] ?? 0;
  const target = (hash2(channelPickSalt, index) / 4_294_967_296) * total;
  let low = 0;
  let high = cumulativeWeights.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulativeWeights[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

type VideoKind = 'regular' | 'short' | 'live';

function buildVideo(context: VideoContext, index: number): ProviderVideo {
  const { channel, topic } = channelContextAt(context, index);
  const random = mulberry32(hash2(context.videoSalt, index));
  const externalId = demoVideoId(context.seed, index);
  const kind = videoKind(random);
  const embeddableRoll = random();
  const subject = pick(random, topic.subjects);
  const otherSubject = pickOther(random, topic.subjects, subject);
  const publishedAt = publishedAtFor(random, kind, context.nowSeconds);
  const embeddable = embeddableRoll >= 0.05 || isAmongNewest(publishedAt, context.nowSeconds);
  const numberOfViews = viewsFor(random, kind, channel.numberOfFollowers, context.nowSeconds, publishedAt);
  return {
    externalId,
    channelExternalId: channel.externalId,
    channelName: channel.name,
    title: titleFor(random, kind, topic, subject, otherSubject, publishedAt),
    description: descriptionFor(random, topic, subject, otherSubject),
    tags: tagsFor(random, kind, topic.topic, subject, otherSubject),
    durationSeconds: durationFor(random, kind),
    numberOfViews,
    // Likes track views at 1–5%, as on real services.
    numberOfLikes: Math.round(numberOfViews * (0.01 + random() * 0.04)),
    publishedAt,
    liveStatus: kind === 'live' ? 'LIVE' : 'NONE',
    embeddable,
    isShort: kind === 'short',
    thumbnail: thumbnailUrl(random, externalId, topic, subject),
    mediaUrl: `/media/clips/${DEMO_CLIP_FILES[hash2(index, context.seed) % DEMO_CLIP_FILES.length]}`,
  };
}

function channelContextAt(context: VideoContext, index: number): ChannelContext {
  const channelContext = context.channels[pickChannelIndex(context.cumulativeWeights, context.channelPickSalt, index)];
  if (!channelContext) throw new RangeError('no channel for video');
  return channelContext;
}

/**
 * Videos published in the newest EMBEDDABLE_NEWEST_DAYS always embed: the Dashboard lists the newest first, and a
 * visitor's first click should play, not open the leave-site notice (issue 18). About 5% of older videos do not
 * embed, so the leave flow is met further down a list.
 */
export const EMBEDDABLE_NEWEST_DAYS = 3;

export function isAmongNewest(publishedAt: Date, nowSeconds: number): boolean {
  return nowSeconds - publishedAt.getTime() / 1000 < EMBEDDABLE_NEWEST_DAYS * SECONDS_PER_DAY;
}

/** About 1% live and 10% shorts. */
function videoKind(random: Random): VideoKind {
  const roll = random();
  if (roll < 0.01) return 'live';
  if (roll < 0.11) return 'short';
  return 'regular';
}

/** Live streams started within the last day; everything else is spread over the two years before `now`. */
function publishedAtFor(random: Random, kind: VideoKind, nowSeconds: number): Date {
  const windowSeconds = kind === 'live' ? SECONDS_PER_DAY : TWO_YEARS_SECONDS;
  return new Date((nowSeconds - Math.floor(random() * windowSeconds)) * 1000);
}

/**
 * Log-normal around ~20% of the channel's followers, growing over the first weeks after publication, with the
 * occasional viral hit. Shorts get more views, ongoing live streams far fewer.
 */
function viewsFor(random: Random, kind: VideoKind, followers: number, nowSeconds: number, publishedAt: Date): number {
  const ageDays = (nowSeconds - publishedAt.getTime() / 1000) / SECONDS_PER_DAY;
  const maturity = 1 - Math.exp(-(ageDays + 0.05) / 10);
  const viral = random() < 0.01 ? 20 : 1;
  const kindFactor = kind === 'short' ? 2 : kind === 'live' ? 0.05 : 1;
  const typical = followers * Math.exp(Math.log(0.2) + 1.1 * roughNormal(random));
  return Math.round(typical * maturity * viral * kindFactor) + intBetween(random, 3, 150);
}

/** Shorts 15–59 s; regular videos mostly 2–45 min (median ~10), about 4% over an hour; live streams have none yet. */
function durationFor(random: Random, kind: VideoKind): number {
  if (kind === 'live') return 0;
  if (kind === 'short') return intBetween(random, 15, 59);
  if (random() < 0.04) return intBetween(random, 3_600, 10_800);
  const spread = (random() + random()) / 2;
  const minutes = Math.exp(Math.log(2) + (Math.log(45) - Math.log(2)) * spread);
  return Math.round(minutes * 60);
}

function titleFor(
  random: Random,
  kind: VideoKind,
  topic: PreparedTopic,
  subject: PreparedSubject,
  otherSubject: PreparedSubject,
  publishedAt: Date,
): string {
  return renderTemplate(pick(random, titleTemplatesFor(random, kind, topic)), {
    S: subject.titled,
    '^S': subject.titledAtStart,
    S2: otherSubject.titled,
    '^S2': otherSubject.titledAtStart,
    n: String(pick(random, COUNTS)),
    d: String(pick(random, DAY_COUNTS)),
    ep: String(intBetween(random, 1, 240)),
    part: String(intBetween(random, 2, 6)),
    year: String(publishedAt.getUTCFullYear()),
  });
}

/** Regular videos use their topic's own phrasing 60% of the time and the shared, generic one otherwise. */
function titleTemplatesFor(random: Random, kind: VideoKind, topic: PreparedTopic): readonly CompiledTemplate[] {
  if (kind === 'short') return SHORT_TEMPLATES;
  if (kind === 'live') return LIVE_TEMPLATES;
  return random() < 0.6 ? topic.titles : GENERIC_TEMPLATES;
}

/** 1–3 sentences, always naming the subject, so keyword rules match descriptions as well as titles. */
function descriptionFor(
  random: Random,
  topic: PreparedTopic,
  subject: PreparedSubject,
  otherSubject: PreparedSubject,
): string {
  const values = {
    s: subject.text,
    '^s': subject.textAtStart,
    s2: otherSubject.text,
    '^s2': otherSubject.textAtStart,
  };
  const firstTemplate = pick(random, topic.sentences);
  let description = renderTemplate(firstTemplate, values);
  const extra = Math.floor(random() * 3);
  if (extra >= 1) description += ` ${renderTemplate(pickOther(random, topic.sentences, firstTemplate), values)}`;
  if (extra >= 2) description += ` ${pick(random, CLOSING_SENTENCES)}`;
  return description;
}

/** 2–6 distinct lowercase tags: the subjects (without articles) plus a few of the topic's own. */
function tagsFor(
  random: Random,
  kind: VideoKind,
  topic: DemoTopic,
  subject: PreparedSubject,
  otherSubject: PreparedSubject,
): string[] {
  const tags = [subject.tag];
  if (random() < 0.5) tags.push(otherSubject.tag);
  if (kind === 'short') tags.push('shorts');
  if (kind === 'live') tags.push('live');
  const wanted = intBetween(random, 2, 6);
  for (let attempt = 0; tags.length < wanted && attempt < 12; attempt++) {
    const tag = pick(random, topic.tags);
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

function withoutArticle(subject: string): string {
  return subject.replace(/^(the|a|an) /i, '');
}

/**
 * The renderer (images.ts; the media routes serve its drawing as WebP) must not need the database, so everything it
 * draws travels in the query string: h = hue, t = topic index (glyph), l = short label.
 */
function thumbnailUrl(random: Random, externalId: string, topic: PreparedTopic, subject: PreparedSubject): string {
  const hue = (topic.topic.hue + intBetween(random, -35, 35) + 360) % 360;
  return `/media/thumbnails/${externalId}.webp?h=${hue}&t=${topic.topicIndex}&l=${subject.encodedLabel}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The default catalog

export interface GenerateCatalogOptions {
  now: Date;
  videosTotal?: number;
  channelsCount?: number;
  seed?: number;
}

export interface DemoCatalog {
  channels: ProviderChannel[];
  videos: ProviderVideo[];
}

/** The small in-memory catalog the demo provider serves, with each channel's numberOfVideos set to match. */
export function generateCatalog(options: GenerateCatalogOptions): DemoCatalog {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const channels = generateChannels({ count: options.channelsCount ?? DEFAULT_DEMO_CHANNELS, seed });
  const videos = [...generateVideos(channels, { total: options.videosTotal ?? DEFAULT_DEMO_VIDEOS, seed, now: options.now })];
  const counts = new Map<string, number>();
  for (const video of videos) counts.set(video.channelExternalId, (counts.get(video.channelExternalId) ?? 0) + 1);
  return {
    channels: channels.map((channel) => ({ ...channel, numberOfVideos: counts.get(channel.externalId) ?? 0 })),
    videos,
  };
}
