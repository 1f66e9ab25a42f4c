import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../src/providers/demo/catalog.js';
import { YouTubeStandIn, type AccessTokenInfo, type StandInAccount, type StandInChannel, type StandInVideo, type ThumbnailKey } from './youtube-stand-in.js';

/**
 * The YouTube stand-in as a process, for browser tests and the benchmark, which run the real server against it:
 *
 *   YOUTUBE_STAND_IN_PORT=0 node --import tsx apps/server/test/support/youtube-stand-in-main.ts
 *
 * prints one JSON line `{"apiUrl","feedsUrl","iframeApiUrl","apiKey"}` once it listens, and stops on SIGTERM/SIGINT.
 * For a member's own YouTube account (issue 16 §1), two optional settings:
 *   YOUTUBE_STAND_IN_ACCOUNTS       comma-separated subjects of the OpenID provider; each gets the demo viewer's
 *                                   account (demoViewerAccount: subscriptions and playlists)
 *   YOUTUBE_STAND_IN_INTROSPECTION  JSON {"issuer","clientId","clientSecret"}: bearer tokens are checked at that
 *                                   provider's token introspection endpoint (RFC 7662), as Google's API asks its
 *                                   authorization server; without it every bearer token is refused.
 * The catalog is small but believable and fully deterministic for a given `now`: six channels of 60 uploads each,
 * with the cases the app must handle (Shorts, a live broadcast, a video that may not be embedded, hidden likes,
 * a hidden subscriber count, videos without tags or without the largest thumbnail).
 */

interface ChannelRecipe {
  channel: StandInChannel;
  /** Noun phrases the titles are made of. */
  subjects: string[];
  /** Title patterns; `{s}` is a subject, `{S}` the same capitalised. subjects × formats ≥ 60 keeps titles unique. */
  formats: string[];
  tags: string[];
  description: (subject: string) => string;
}

const RECIPES: ChannelRecipe[] = [
  {
    channel: {
      id: channelId('@cookingwithana'),
      title: 'Cooking with Ana',
      handle: '@cookingwithana',
      description: 'Slow food for busy weeks: bread, soups and everything that gets better with time. New videos every Thursday.',
      subscriberCount: 412_000,
      publishedAt: '2014-03-02T10:11:12Z',
    },
    subjects: ['sourdough bread', 'tomato soup', 'fresh pasta', 'ramen broth', 'lemon tart', 'pork dumplings', 'quick pickles', 'a weeknight curry', 'focaccia', 'miso salmon', 'apple pie', 'knife skills'],
    formats: ['{S} from scratch', 'I made {s} every day for a week', 'The only {s} recipe you need', '{S} in 30 minutes', 'Fixing my worst {s}', 'A beginner’s guide to {s}'],
    tags: ['cooking', 'recipe', 'home cooking', 'food'],
    description: (s) => `Everything I learned about ${s}, step by step.\n\nIngredients and timings are in the pinned comment.`,
  },
  {
    channel: {
      id: channelId('@tinyworkshop'),
      title: 'Tiny Workshop',
      handle: '@tinyworkshop',
      username: 'TinyWorkshopUK',
      description: 'Woodworking in a one-car garage with hand tools and patience.',
      subscriberCount: 88_300,
      publishedAt: '2016-09-14T18:00:00Z',
    },
    subjects: ['a dovetail box', 'an old hand plane', 'a walnut cutting board', 'a miniature chair', 'a Japanese pull saw', 'sharp chisels', 'a turned bowl', 'a tool chest', 'a carved spoon', 'a leg vise', 'a picture frame', 'an oil finish'],
    formats: ['Making {s}', 'Restoring {s}', '{S} with hand tools only', 'What I got wrong about {s}', '{S}: a quiet build'],
    tags: ['woodworking', 'hand tools', 'diy', 'workshop'],
    description: (s) => `A slow build: ${s}. No music, just the sounds of the shop.`,
  },
  {
    channel: {
      id: channelId('@nightskynotes'),
      title: 'Night Sky Notes',
      handle: '@nightskynotes',
      description: 'Backyard astronomy: what to see tonight, how to find it and how to photograph it.',
      subscriberCount: 231_000,
      publishedAt: '2015-01-20T21:30:00Z',
    },
    subjects: ['the Orion Nebula', 'the moons of Jupiter', 'a meteor shower', 'a first telescope', 'the Andromeda Galaxy', 'the rings of Saturn', 'light pollution', 'a lunar eclipse', 'star trails', 'the Pleiades', 'a bright comet', 'phone astrophotography'],
    formats: ['How to see {s} tonight', '{S}, explained', 'Photographing {s}', 'Everything you need to know about {s}', 'Observing log: {s}'],
    tags: ['astronomy', 'night sky', 'stargazing', 'telescope'],
    description: (s) => `Tonight: ${s}. Charts, times and settings below.`,
  },
  {
    channel: {
      id: channelId('@pedalandpath'),
      title: 'Pedal & Path',
      handle: '@pedalandpath',
      description: 'Bike touring, repairs at the roadside & long days in the saddle.',
      subscriberCount: 57_200,
      publishedAt: '2017-05-05T07:45:00Z',
    },
    subjects: ['a flat tyre', 'a 300 km day', 'the Danube cycle path', 'a gravel bike', 'wild camping', 'a broken chain', 'bikepacking bags', 'a winter commute', 'the Alps by bike', 'a wheel truing', 'night riding', 'a cheap touring bike'],
    formats: ['Fixing {s} at the roadside', 'Riding {s}', '{S}: what I learned', 'Is {s} worth it?', '{S} on a budget'],
    tags: ['cycling', 'bike touring', 'bikepacking'],
    description: (s) => `This time: ${s}. Route, kit list & mistakes included.`,
  },
  {
    channel: {
      id: channelId('@codeinsmallsteps'),
      title: 'Code in Small Steps',
      handle: '@codeinsmallsteps',
      description: 'Programming ideas one small, runnable step at a time.',
      subscriberCount: 145_000,
      publishedAt: '2018-02-11T12:00:00Z',
    },
    subjects: ['recursion', 'a tiny web server', 'SQL joins', 'regular expressions', 'git rebase', 'unit tests', 'a linked list', 'async and await', 'a command-line tool', 'hash maps', 'binary search', 'type inference'],
    formats: ['{S} in 10 minutes', 'Understanding {s}', 'Build {s} from zero', '{S}: common mistakes', 'Why {s} matters'],
    tags: ['programming', 'coding', 'tutorial', 'software'],
    description: (s) => `We build ${s} one small step at a time. Code on the channel page.`,
  },
  {
    channel: {
      id: channelId('@musicalenta'),
      title: 'Música Lenta',
      handle: '@musicalenta',
      description: 'Canciones lentas, guitarra y piano. Slow songs for slow evenings.',
      // The count exists, but the channel hides it: the API leaves subscriberCount out.
      subscriberCount: 9_100,
      hiddenSubscriberCount: true,
      publishedAt: '2019-11-30T20:00:00Z',
    },
    subjects: ['una canción de cuna', 'a rainy evening', 'la guitarra española', 'a piano lullaby', 'el bolero', 'a quiet Sunday', 'un vals lento', 'the old harbour', 'la luna llena', 'a slow waltz', 'el café de la esquina', 'a winter morning'],
    formats: ['{S} (acoustic)', '{S} — live session', 'Slow cover: {s}', '{S} · piano version', 'One hour of {s}'],
    tags: ['música', 'acoustic', 'piano', 'guitar'],
    description: (s) => `${capitalise(s)}. Recorded at home, one take.`,
  },
];

/** The six channels of the demo catalog (ids derived from their handles). */
export const DEMO_YOUTUBE_CHANNELS: readonly StandInChannel[] = RECIPES.map((recipe) => recipe.channel);

export interface SeedOptions {
  /** Publication dates are relative to it; Date.now() by default. Same `now`, same catalog. */
  now?: Date;
  /** More channels beyond the six (for the benchmark), made from the same recipes with numbered names. */
  extraChannels?: number;
  uploadsPerChannel?: number;
}

export interface SeededYouTube {
  /** Every channel added, the six demo channels first. */
  channels: StandInChannel[];
  videoCount: number;
  /** Live now on Night Sky Notes (liveBroadcastContent 'live', duration P0D). */
  liveVideoId: string;
  /** On Música Lenta; its id starts with `err150`, so the IFrame API stand-in answers error 150 as YouTube would. */
  notEmbeddableVideoId: string;
  hiddenSubscribersChannelId: string;
}

const DAY_MS = 86_400_000;
const OLD_THUMBNAILS: ThumbnailKey[] = ['default', 'medium', 'high', 'standard'];

/** Fills the stand-in with the demo catalog. Deterministic: every "random" choice comes from a PRNG seeded per channel. */
export function seedDemoYouTube(standIn: YouTubeStandIn, options: SeedOptions = {}): SeededYouTube {
  const now = wholeSecond(options.now?.getTime() ?? Date.now());
  const uploadsPerChannel = options.uploadsPerChannel ?? 60;
  const recipes = [...RECIPES];
  for (let n = 1; n <= (options.extraChannels ?? 0); n++) {
    const base = RECIPES[(n - 1) % RECIPES.length]!;
    const handle = `${base.channel.handle}${n}`;
    recipes.push({
      ...base,
      channel: { ...base.channel, id: channelId(handle), handle, title: `${base.channel.title} ${n}`, username: undefined, subscriberCount: 1_000 + ((n * 7919) % 500_000) },
    });
  }

  const seeded: SeededYouTube = { channels: [], videoCount: 0, liveVideoId: '', notEmbeddableVideoId: '', hiddenSubscribersChannelId: '' };
  for (const recipe of recipes) {
    const { channel } = recipe;
    standIn.addChannel(channel);
    seeded.channels.push(channel);
    if (channel.hiddenSubscriberCount && !seeded.hiddenSubscribersChannelId) seeded.hiddenSubscribersChannelId = channel.id;
    const isDemo = RECIPES.includes(recipe);
    for (const video of uploadsOf(recipe, now, uploadsPerChannel, isDemo)) {
      standIn.addVideo(video);
      seeded.videoCount += 1;
      if (isDemo && video.liveBroadcastContent === 'live') seeded.liveVideoId = video.id;
      if (isDemo && video.embeddable === false) seeded.notEmbeddableVideoId = video.id;
    }
  }
  return seeded;
}

function uploadsOf(recipe: ChannelRecipe, now: number, count: number, isDemo: boolean): StandInVideo[] {
  const { channel } = recipe;
  const handle = channel.handle ?? channel.id;
  const random = mulberry32(seedOf(handle));
  const titles = shuffled(
    recipe.subjects.flatMap((subject) => recipe.formats.map((format) => ({ subject, format }))),
    random,
  );
  const videos: StandInVideo[] = [];
  let publishedAt = now - 3 * 3_600_000;
  for (let i = 0; i < count; i++) {
    // About two uploads a week, newest first: 60 uploads reach back seven to eight months.
    publishedAt -= Math.round((2 + random() * 3.5) * DAY_MS);
    const { subject, format } = titles[i % titles.length]!;
    const ageDays = (now - publishedAt) / DAY_MS;
    const views = Math.round((channel.subscriberCount ?? 10_000) * (0.03 + random() * 0.4) * Math.min(1.5, 0.15 + ageDays / 40));
    const video: StandInVideo = {
      id: videoId(handle, i),
      channelId: channel.id,
      title: fill(format, subject) + (i >= titles.length ? ` (part ${Math.floor(i / titles.length) + 1})` : ''),
      description: recipe.description(subject),
      // Every fifth upload has no tags: the API then leaves `tags` out.
      ...(i % 5 === 4 ? {} : { tags: [...recipe.tags, subject] }),
      duration: regularDuration(random, i),
      publishedAt: new Date(publishedAt).toISOString(),
      viewCount: views,
      likeCount: Math.round(views * (0.015 + random() * 0.035)),
      // Older uploads were processed before maxres thumbnails were made for everything.
      ...(i >= 40 ? { thumbnailKeys: OLD_THUMBNAILS } : {}),
    };
    // Shorts: most ≤ 60 s; one of them 1–3 minutes and marked #shorts, which is how the app tells it apart.
    if (i % 8 === 3) {
      video.title = `${capitalise(subject)} in ${i === 11 ? '2 minutes' : 'under a minute'} #shorts`;
      video.duration = i === 11 ? 'PT1M52S' : `PT${20 + Math.floor(random() * 39)}S`;
    }
    // Pedal & Path hides likes on some videos: likeCount is left out.
    if (handle.startsWith('@pedalandpath') && i % 4 === 1) delete video.likeCount;
    if (isDemo && handle === '@nightskynotes' && i === 0) {
      Object.assign(video, {
        title: 'LIVE: Watching the Geminids together',
        description: 'Live from the hills. Ask questions in the chat!',
        duration: 'P0D',
        liveBroadcastContent: 'live',
        publishedAt: new Date(now - 40 * 60_000).toISOString(),
      } satisfies Partial<StandInVideo>);
    }
    if (isDemo && handle === '@musicalenta' && i === 2) {
      // A label's recording: playable on YouTube only. The err150 prefix makes the IFrame stand-in refuse it too.
      Object.assign(video, { id: `err150${video.id.slice(6)}`, embeddable: false, title: 'El bolero (official audio)' } satisfies Partial<StandInVideo>);
    }
    videos.push(video);
  }
  return videos;
}

/** Mostly 4–28 minutes, every tenth upload a long one (45–95 minutes). */
function regularDuration(random: () => number, i: number): string {
  const seconds = i % 10 === 7 ? 2_700 + Math.floor(random() * 3_000) : 240 + Math.floor(random() * 1_440);
  const h = Math.floor(seconds / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

function fill(format: string, subject: string): string {
  return format.replace('{S}', capitalise(subject)).replace('{s}', subject);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function wholeSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** `UC` + 22 characters, derived from the handle so every run (and every process) agrees on the ids. */
function channelId(handle: string): string {
  return `UC${createHash('sha256').update(`sift-stand-in:${handle}`).digest('base64url').slice(0, 22)}`;
}

function videoId(handle: string, index: number): string {
  const id = createHash('sha256').update(`sift-stand-in:${handle}:${index}`).digest('base64url').slice(0, 11);
  // Ids starting with "err" make the IFrame API stand-in fail; only the one chosen on purpose may.
  return id.startsWith('err') ? `x${id.slice(1)}` : id;
}

function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The demo viewer's playlists: public, unlisted, private, and one YouTube will not show (its import fails). */
export const DEMO_VIEWER_PLAYLISTS = {
  baking: 'PLstandinSundayBaking000000000000a',
  workshop: 'PLstandinWorkshopBuilds00000000000b',
  stars: 'PLstandinStargazing0000000000000000c',
  gone: 'PLstandinOldFavourites00000000000d',
} as const;

/**
 * A viewer's YouTube account over the demo catalog (browser tests of issue 16 §1): five of the six channels
 * subscribed, and four playlists of their uploads. Deterministic, like the catalog: every run agrees on the ids.
 */
export function demoViewerAccount(subject: string): StandInAccount {
  const uploads = (handle: string, from: number, count: number) => Array.from({ length: count }, (_, i) => videoId(handle, from + i));
  return {
    subject,
    subscriptions: ['@cookingwithana', '@tinyworkshop', '@nightskynotes', '@pedalandpath', '@musicalenta'].map(channelId),
    playlists: [
      { id: DEMO_VIEWER_PLAYLISTS.baking, title: 'Sunday baking', description: 'Bread and tarts for slow weekends.', privacyStatus: 'public', videoIds: uploads('@cookingwithana', 0, 6) },
      { id: DEMO_VIEWER_PLAYLISTS.workshop, title: 'Workshop builds', description: 'Builds to try this winter.', privacyStatus: 'unlisted', videoIds: uploads('@tinyworkshop', 0, 8) },
      // The live broadcast (upload 0) is left out: a playlist of finished videos.
      { id: DEMO_VIEWER_PLAYLISTS.stars, title: 'Stargazing for beginners', privacyStatus: 'private', videoIds: uploads('@nightskynotes', 1, 5) },
      { id: DEMO_VIEWER_PLAYLISTS.gone, title: 'Old favourites', privacyStatus: 'public', videoIds: uploads('@pedalandpath', 0, 3), notAccessible: true },
    ],
  };
}

/**
 * Checks bearer tokens at an OpenID provider's introspection endpoint (RFC 7662), found by discovery, with a client
 * of its own: what Google's API does with its authorization server. Unknown, expired or revoked tokens are refused.
 */
export function introspectingVerifier(options: { issuer: string; clientId: string; clientSecret: string }): (token: string) => Promise<AccessTokenInfo | undefined> {
  let endpoint: Promise<string> | null = null;
  const discover = async () => {
    const res = await fetch(new URL('/.well-known/openid-configuration', options.issuer));
    const metadata = (await res.json()) as { introspection_endpoint?: string };
    if (!metadata.introspection_endpoint) throw new Error(`${options.issuer} offers no token introspection`);
    return metadata.introspection_endpoint;
  };
  return async (token) => {
    endpoint ??= discover().catch((error: unknown) => {
      endpoint = null;
      throw error;
    });
    const res = await fetch(await endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: options.clientId, client_secret: options.clientSecret }),
    });
    if (!res.ok) return undefined;
    const info = (await res.json()) as { active?: boolean; sub?: string; scope?: string; token_type?: string };
    // Access tokens only: a refresh token is introspectable too, but no API takes one as a bearer token.
    if (!info.active || !info.sub || info.token_type !== 'Bearer') return undefined;
    return { subject: info.sub, scopes: (info.scope ?? '').split(' ').filter(Boolean) };
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.YOUTUBE_STAND_IN_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`YOUTUBE_STAND_IN_PORT must be a port number, not ${JSON.stringify(process.env.YOUTUBE_STAND_IN_PORT)}\n`);
    process.exit(2);
  }
  const standIn = new YouTubeStandIn({ port });
  seedDemoYouTube(standIn);
  for (const subject of (process.env.YOUTUBE_STAND_IN_ACCOUNTS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    standIn.addAccount(demoViewerAccount(subject));
  }
  if (process.env.YOUTUBE_STAND_IN_INTROSPECTION) {
    standIn.verifyAccessToken = introspectingVerifier(JSON.parse(process.env.YOUTUBE_STAND_IN_INTROSPECTION) as { issuer: string; clientId: string; clientSecret: string });
  }
  await standIn.start();
  process.stdout.write(`${JSON.stringify({ apiUrl: standIn.apiUrl, feedsUrl: standIn.feedsUrl, iframeApiUrl: standIn.iframeApiUrl, apiKey: standIn.acceptedApiKey })}\n`);
  const shutdown = () => {
    void standIn.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

// Run only as the entry point: browser tests and the benchmark import seedDemoYouTube from here.
const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
