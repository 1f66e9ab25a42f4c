import type { Channel, PublicUser, SearchItem, SearchQuery, SearchResults, SearchType } from '@sift/contracts';
import { SEARCH_CANDIDATES } from '@sift/contracts';
import { notFound } from '../../infra/http/errors.js';
import { presentChannel } from '../catalog/catalog.presenter.js';
import { encodedPageCache } from '../../infra/cache/stamped-cache.js';
import { EncodedJson } from '../../infra/http/send-json.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { compareKeys, decodeRankCursor, encodeRankCursor, searchFingerprint, sortKey, type SortKey } from './search-order.js';
import { parseSearchText, type SearchText } from './search-text.js';
import { presentPlaylist, presentSift } from './search.presenter.js';
import {
  PREFIX_EXPANSION,
  type Candidate,
  type CandidateOptions,
  type ChannelRow,
  type PreparedText,
  type ResultKind,
  type SearchRepository,
  type TextQuery,
} from './search.repository.js';

/** Who is searching: their own private sifts and playlists are found too. */
export interface Viewer {
  id: number;
  uuid: string;
}

/**
 * The seam for a video service that can search (YouTube): before the first page of a search that includes
 * channels or videos, it stores what the service finds that the catalog does not know yet (on YouTube: the
 * channels, decisions/015). The catalog's unique externalId de-duplicates them, and the search below ranks them
 * with everything else. It must not fail the search: what the database has answers when the service cannot.
 */
export interface RemoteVideoSearch {
  storeMatches(text: string, limit: number): Promise<void>;
}

const COMBO = { channel: 4, sift: 4, playlist: 4 } as const;
const RECOMMENDED_CHANNELS = 8;
const RECOMMENDED_VIDEOS = 8;
/** Video windows after the newest month, in months: half a year, three years, eighteen years. */
const WINDOWS = [6, 36, 216] as const;
/**
 * After the newest month, the window its matches say would fill the cap (with this margin) is tried next, when
 * it is at most RATE_WINDOW_MAX months; a word rarer than that reads as "rare".
 */
const RATE_MARGIN = 1.25;
const RATE_WINDOW_MAX = 36;
/** How long the recommendations of a search that found nothing (popular channels and videos) are reused. */
const POPULAR_TTL_MS = 60_000;

export interface SearchServiceOptions {
  /** Results of each kind a search can page through (tests make it small). */
  candidates?: number;
  remote?: RemoteVideoSearch | undefined;
}

/**
 * GET /api/search: one box over channels, videos, sifts and playlists (docs/decisions/006-search.md).
 *
 * Each kind gives at most `candidates` possible results, chosen by the text and the visibility rules; the sort
 * orders them all and the rank cursor pages through that order. Choosing videos is the only part that has to
 * work at a million rows, and it never reads more than a bounded number of them (see videoCandidates).
 */
export class SearchService {
  private readonly cap: number;
  private readonly remote: RemoteVideoSearch | undefined;
  // The same for every search that finds nothing: worked out once a minute, not per typo.
  private readonly popularChannels = new Memo<Channel[]>(POPULAR_TTL_MS);
  private readonly popularVideos = new Memo<SearchItem[]>(POPULAR_TTL_MS);
  /** The newest video's month as the last search read it: the month the next search's first video statement asks. */
  private newestMonthSeen: number | null = null;
  private readonly visitorAnswers = encodedPageCache(16);

  constructor(
    private readonly repository: SearchRepository,
    private readonly catalog: Pick<CatalogService, 'videoCards' | 'newestVideoId'>,
    options: SearchServiceOptions = {},
  ) {
    this.cap = options.candidates ?? SEARCH_CANDIDATES;
    this.remote = options.remote;
  }

  /**
   * GET /api/search, encoded. A visitor's answer is the same for every visitor: kept under the newest video's id
   * (decision 014), so an arrival is found at once, while new or renamed sifts, playlists and channels show within a
   * minute. A member's answer (their private sifts and playlists, who they follow) is built each time.
   */
  async encodedSearch(query: SearchQuery, viewer: Viewer | null): Promise<EncodedJson> {
    if (viewer) return EncodedJson.of(JSON.stringify(await this.search(query, viewer)));
    const key = JSON.stringify(query);
    const stamp = await this.catalog.newestVideoId();
    return this.visitorAnswers.get(key, stamp) ?? this.visitorAnswers.set(key, stamp, EncodedJson.of(JSON.stringify(await this.search(query, null))));
  }

  async search(query: SearchQuery, viewer: Viewer | null): Promise<SearchResults> {
    const type: SearchType = query.type || 'all';
    const sort = query.sort;
    let text = parseSearchText(query.q);
    const fingerprint = searchFingerprint({ q: query.q ?? '', type, sort, ownerId: query.ownerId ?? '' });
    const after = query.next ? decodeRankCursor(query.next, fingerprint, sort) : undefined;
    const firstPage = after === undefined;
    const kinds = kindsOf(type, query.ownerId);
    const options: CandidateOptions = {
      needs: { count: sort === 'videos', name: sort === 'alpha' },
      viewerId: viewer?.id ?? null,
      ownerUuid: query.ownerId,
    };
    // Before the text is prepared: what the service stores changes the words and months the videos have.
    if (firstPage && text.kind === 'terms' && this.remote && (kinds.includes('video') || kinds.includes('channel'))) await this.remote.storeMatches(query.q ?? '', this.cap);
    const profile = query.ownerId !== undefined;
    const ownChannels = !profile && kinds.includes('channel');

    // Statements that need nothing from prepareText start beside it, folding the text themselves: the channels,
    // sifts and playlists for the text, the recommended channels, and on a pool the first video statement (the
    // whole words in the newest month, as the last search saw it; used only if prepareText confirms that month).
    const raw: TextQuery | null = text.kind === 'terms' ? { match: text.match, exact: text.exact, unfolded: true } : null;
    const early = new Map(
      text.kind === 'nothing' ? [] : kinds.flatMap((kind) => (kind === 'video' ? [] : [[kind, settled(this.candidates(kind, raw, this.cap, options))] as const])),
    );
    const month = this.newestMonthSeen;
    const firstVideos =
      raw && month !== null && kinds.includes('video') && !this.remote && this.repository.concurrent
        ? { month, rows: settled(this.repository.videosInMonth(raw, monthsQuery(month, 1), this.cap, options.needs)) }
        : undefined;
    const recommendedChannels = firstPage && !profile && !ownChannels ? settled(this.recommendedChannels(raw)) : undefined;

    const prepared = raw ? await this.repository.prepareText(raw) : null;
    if (prepared) this.newestMonthSeen = prepared.newestMonth;
    // Text of stop words only ("the") folds to nothing, and matches nothing.
    if (prepared && !prepared.match) text = { kind: 'nothing' };
    const textQuery = text.kind === 'terms' ? prepared : null;
    const videoText = textQuery ? videoQueries(textQuery) : null;

    // What the first page adds does not depend on the results: it runs beside them.
    const hidden = settled(
      firstPage ? this.hiddenByFilters(type, text, textQuery, videoText, kinds, options, textQuery ? recommendedChannels : undefined) : Promise.resolve(false),
    );

    const perKind =
      text.kind === 'nothing'
        ? []
        : await Promise.all(
            kinds.map((kind) =>
              kind === 'video' ? this.videoCandidates(textQuery && videoText ? { text: textQuery, ...videoText } : null, this.cap, options.needs, firstVideos) : early.get(kind)!,
            ),
          );
    const candidates = perKind.flat();
    const keyed = candidates.map((c) => ({ c, key: sortKey(sort, c) })).sort((a, b) => compareKeys(a.key, b.key));

    let page: typeof keyed;
    let next: string | null = null;
    if (type === 'combo') {
      page = comboPage(keyed, query.limit);
    } else {
      const rest = after ? keyed.filter((k) => compareKeys(k.key, after) > 0) : keyed;
      page = rest.slice(0, query.limit);
      if (rest.length > query.limit) next = encodeRankCursor(fingerprint, page.at(-1)!.key);
    }

    // Channels already ranked for this search (best first, whatever the sort) are its recommendations: their
    // cards are read with the page's, in the same statement.
    const ranked = firstPage && !profile && textQuery && ownChannels ? perKind[kinds.indexOf('channel')]!.slice(0, RECOMMENDED_CHANNELS) : [];
    const viewerUuid = viewer?.uuid ?? null;
    const none = { list: [] as Channel[], popular: false };
    const [{ items, channels: rankedCards }, channels, recommended, moreOutsideFilters] = await Promise.all([
      this.cards(
        page.map((k) => k.c),
        viewerUuid,
        ranked.map((c) => c.id),
      ),
      !firstPage || profile || ownChannels ? none : recommendedChannels!,
      firstPage && !profile && candidates.length === 0 ? this.recommendedVideos() : [],
      hidden,
    ]);
    const recommendedFromRanked = ranked.flatMap((c) => rankedCards.get(c.id) ?? []);
    const channelList =
      firstPage && !profile && ownChannels
        ? recommendedFromRanked.length > 0
          ? { list: recommendedFromRanked, popular: false }
          : await this.popular()
        : channels;

    return {
      items,
      totalResults: candidates.length,
      next,
      limit: query.limit,
      recommendedChannels: channelList.list,
      recommendedChannelsPopular: channelList.popular,
      recommended,
      moreOutsideFilters,
    };
  }

  async publicUser(uuid: string): Promise<PublicUser> {
    const row = await this.repository.publicUser(uuid);
    if (!row) throw notFound('User');
    return row;
  }

  private candidates(kind: Exclude<ResultKind, 'video'>, text: TextQuery | null, cap: number, options: CandidateOptions): Promise<Candidate[]> {
    switch (kind) {
      case 'channel':
        return this.repository.channelCandidates(text, cap, options.needs);
      case 'sift':
        return this.repository.siftCandidates(text, cap, options);
      case 'playlist':
        return this.repository.playlistCandidates(text, cap, options);
    }
  }

  /**
   * At most `cap` videos for the text, reading a bounded number of rows whatever the catalog's size. W is the text
   * as whole words; E the same with the last word also as a prefix (what is being typed: "minecr"), the prefix
   * expanded into the whole words it begins ('minecraft' | 'minecrafter') when there are few enough (GIN reads a
   * prefix's every posting, several times slower than exact words). E finds all that W finds; W is preferred, so E
   * only answers when no video has the words whole. Q is W, or E when some word of W is in no video at all
   * (known from search_lexemes without reading the index):
   * 1. Q in the newest month: a common word fills the cap here, with fresh videos, in one statement;
   * 2. the window that month's rate says would fill the cap (300 matches → 3 months for 500), when that is at
   *    most three years: Q in that window's months before the newest, up to what the cap still lacks;
   * 3. else E anywhere, up to cap + 1 rows, flagging W's matches: a rare word, a rare prefix or no match ends
   *    here, exactly (W's matches when there are any, else E's);
   * 4. else (more than cap matches, few of them recent) W anywhere, then windows of 6, 36, 216 months of W (or of
   *    E when nothing matches W) until one fills the cap;
   * 5. else the first cap matches of step 3 or 4.
   * Each step is one GIN index condition with a LIMIT and no ORDER BY, so no step can turn into a walk of the
   * date index (DESIGN §6), and none reads more than cap + 1 rows.
   */
  private async videoCandidates(
    query: ({ text: PreparedText } & VideoQueries) | null,
    cap: number,
    needs: CandidateOptions['needs'],
    /** Step 1 for the whole words, started before the text was prepared, in the month the last search saw. */
    first?: { month: number; rows: Promise<Candidate[]> },
  ): Promise<Candidate[]> {
    if (!query) return this.repository.newestVideos(cap, needs);
    const { text, whole, any } = query;
    const { newestMonth, oldestMonth } = text;
    // No video has one of the words (or there are no videos): nothing to read.
    if (any === null || newestMonth === null || oldestMonth === null) return [];
    const spanned = newestMonth - oldestMonth + 1;
    const months = (count: number) => monthsQuery(newestMonth, Math.min(count, spanned));
    // When the prefix begins no video word but itself, it ranks every video as the whole word does: one rank.
    const scoring = text.expansion.length === 1 && text.expansion[0] === text.prefix ? { match: text.exact, exact: text.exact } : text;
    const matching = (match: string, limit: number, flagWhole?: string) => this.repository.matchingVideos(match, scoring, limit, needs, flagWhole);
    const q = whole ?? any;

    const newest = first && first.month === newestMonth && q === whole ? await first.rows : await matching(within(q, months(1)), cap);
    if (newest.length >= cap) return newest;
    // The newest month is the whole catalog: these are all of Q's matches (W's, when there are any).
    if (spanned <= 1 && (newest.length > 0 || q === any)) return newest;
    const tried = new Set<number>();
    const rate = newest.length > 0 ? Math.max(2, Math.ceil((RATE_MARGIN * cap) / newest.length)) : Infinity;
    if (rate <= RATE_WINDOW_MAX && rate < spanned) {
      tried.add(rate);
      // Only the months before the newest: its matches are already read.
      const earlier = await matching(within(q, monthsQuery(newestMonth, rate - 1, 1)), cap - newest.length);
      if (newest.length + earlier.length >= cap) return [...newest, ...earlier];
    }
    const prefixed = whole !== null && any !== whole;
    let all = await matching(any, cap + 1, prefixed ? whole : undefined);
    if (all.length <= cap) {
      const wholeOnes = all.filter((c) => c.whole);
      return wholeOnes.length > 0 ? wholeOnes : all;
    }
    let match = q;
    if (prefixed) {
      const wholeOnes = await matching(whole, cap + 1);
      if (wholeOnes.length > 0 && wholeOnes.length <= cap) return wholeOnes;
      if (wholeOnes.length > 0) all = wholeOnes;
      else match = any;
    }
    for (const count of WINDOWS) {
      if (count >= spanned) break; // as wide as the catalog: step 3 or 4 already read it
      if (tried.has(count) && match === q) continue;
      const recent = await matching(within(match, months(count)), cap);
      if (recent.length >= cap) return recent;
    }
    return all.slice(0, cap);
  }

  /**
   * The cards of one page, in the page's order; a result deleted in between is left out. `moreChannels` are read
   * with the page's channels (the recommendations of a search that ranked channels).
   */
  private async cards(
    page: Candidate[],
    viewerUuid: string | null,
    moreChannels: number[] = [],
  ): Promise<{ items: SearchItem[]; channels: Map<number, Channel> }> {
    const ids = (kind: ResultKind) => page.filter((c) => c.kind === kind).map((c) => c.id);
    const [videoCards, channelRows, siftRows, playlistRows] = await Promise.all([
      this.catalog.videoCards(ids('video')),
      this.repository.channelsByIds([...new Set([...ids('channel'), ...moreChannels])]),
      this.repository.siftsByIds(ids('sift')),
      this.repository.playlistsByIds(ids('playlist')),
    ]);
    const byKey = new Map<string, SearchItem>();
    const channels = new Map<number, Channel>();
    for (const card of videoCards) byKey.set(`video:${card.video.id}`, card.video);
    for (const row of channelRows) {
      const card = presentChannel(channelWithoutVector(row));
      channels.set(row.id, card);
      byKey.set(`channel:${row.id}`, card);
    }
    for (const row of siftRows) byKey.set(`sift:${row.sift.id}`, presentSift(row, viewerUuid));
    for (const row of playlistRows) byKey.set(`playlist:${row.playlist.id}`, presentPlaylist(row, viewerUuid));
    return { items: page.flatMap((c) => byKey.get(`${c.kind}:${c.id}`) ?? []), channels };
  }

  /** The best matching channels, or the most followed when none match (or there is no text). */
  private async recommendedChannels(text: TextQuery | null): Promise<{ list: Channel[]; popular: boolean }> {
    const rows = text ? await this.repository.channelRows(text, RECOMMENDED_CHANNELS) : [];
    if (rows.length > 0) return { list: rows.map((row) => presentChannel(channelWithoutVector(row))), popular: false };
    return this.popular();
  }

  private async popular(): Promise<{ list: Channel[]; popular: boolean }> {
    const list = await this.popularChannels.get(async () =>
      (await this.repository.channelRows(null, RECOMMENDED_CHANNELS)).map((row) => presentChannel(channelWithoutVector(row))),
    );
    return { list, popular: true };
  }

  private recommendedVideos(): Promise<SearchItem[]> {
    return this.popularVideos.get(async () => {
      const ids = await this.repository.popularRecentVideoIds(RECOMMENDED_VIDEOS);
      return (await this.catalog.videoCards(ids)).map((card) => card.video);
    });
  }

  /** Whether the kinds the type filter leaves out have matches (one row is enough to know). */
  private async hiddenByFilters(
    type: SearchType,
    text: SearchText,
    query: TextQuery | null,
    video: VideoQueries | null,
    kinds: ResultKind[],
    options: CandidateOptions,
    /** The channels recommended for this text, when they are being read anyway: they say whether channels match. */
    recommended?: Promise<{ list: Channel[]; popular: boolean }>,
  ): Promise<boolean> {
    if (type === 'all' || type === 'combo' || text.kind === 'nothing') return false;
    let others = kindsOf('all', options.ownerUuid).filter((k) => !kinds.includes(k));
    // No video has one of the words: no need to look.
    if (video && video.any === null) others = others.filter((k) => k !== 'video');
    if (recommended && others.includes('channel')) {
      // Recommendations that are not the popular fallback are channels matching the text.
      if (!(await recommended).popular) return true;
      others = others.filter((k) => k !== 'channel');
    }
    return this.repository.anyMatch(others, query?.match ?? null, options, video?.any ?? query?.match ?? null);
  }
}

/**
 * A value worked out at most once per `ttlMs` (concurrent callers share the one in progress); once there is one,
 * callers get it while the next is worked out, so a refresh never holds up a search.
 */
class Memo<T> {
  private good: { at: number; value: Promise<T> } | undefined;
  private inflight: Promise<T> | undefined;
  constructor(private readonly ttlMs: number) {}

  get(make: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.good && now - this.good.at < this.ttlMs) return this.good.value;
    if (!this.inflight) {
      const promise = make();
      this.inflight = promise;
      // A failure or an empty answer (a catalog still empty) is not kept: the next caller asks again.
      promise.then(
        (v) => {
          this.inflight = undefined;
          if (!(Array.isArray(v) && v.length === 0)) this.good = { at: now, value: promise };
        },
        () => (this.inflight = undefined),
      );
    }
    return this.good?.value ?? this.inflight!;
  }
}

/** Cards are read without the search vectors; the catalog's presenters take rows that have the column. */
const channelWithoutVector = (row: ChannelRow) => ({ ...row, searchVector: null });

/**
 * A promise started early and awaited later: if something awaited before it fails first, its own failure must
 * not surface as an unhandled rejection (it still rejects for whoever awaits it).
 */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The kinds a type covers; a person (ownerId) has only sifts and playlists. */
function kindsOf(type: SearchType, ownerId: string | undefined): ResultKind[] {
  const all: ResultKind[] = ownerId ? ['sift', 'playlist'] : ['channel', 'sift', 'playlist', 'video'];
  const only = (kind: ResultKind): ResultKind[] => (all.includes(kind) ? [kind] : []);
  switch (type) {
    case 'all':
    case 'combo':
      return all;
    case 'channels':
      return only('channel');
    case 'videos':
      return only('video');
    case 'sifts':
      return only('sift');
    case 'playlists':
      return only('playlist');
  }
}

/** SPEC §4 combo: a few of the best channels, sifts and playlists, then videos up to the page size; one page. */
function comboPage<T extends { c: Candidate; key: SortKey }>(sorted: T[], limit: number): T[] {
  const few = (kind: keyof typeof COMBO) => sorted.filter((k) => k.c.kind === kind).slice(0, COMBO[kind]);
  const head = [...few('channel'), ...few('sift'), ...few('playlist')].slice(0, limit);
  const videos = sorted.filter((k) => k.c.kind === 'video').slice(0, Math.max(0, limit - head.length));
  return [...head, ...videos];
}


/** The forms of the text that video statements take (see videoCandidates). */
interface VideoQueries {
  /** W: every term whole; null when some word of it is in no video. */
  whole: string | null;
  /** E: W with the word being typed also as a prefix, expanded into whole words when few; null when no video can match. */
  any: string | null;
}

/** A tsquery lexeme, quoted as tsquery text reads it. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export function videoQueries(text: PreparedText): VideoQueries {
  const whole = text.missing.length === 0 ? text.exact : null;
  const prefix = text.prefix;
  if (text.match === text.exact) return { whole, any: whole };
  // The typed word became more than one operand (the parser split it): it is read as a prefix, unexpanded.
  if (prefix === null) return { whole, any: text.match };
  // A word other than the one being typed is in no video: E needs it too.
  if (text.missing.some((word) => word !== prefix)) return { whole: null, any: null };
  if (text.expansion.length === 0) return { whole: null, any: null };
  if (text.expansion.length > PREFIX_EXPANSION) return { whole, any: text.match };
  const operand = `${lexeme(prefix)}:*`;
  const at = text.match.lastIndexOf(operand);
  if (at < 0) return { whole, any: text.match };
  const words = text.expansion.map(lexeme).join(' | ');
  return { whole, any: `${text.match.slice(0, at)}( ${words} )${text.match.slice(at + operand.length)}` };
}

/** The month lexemes of `count` months counted back from the newest video's month, after skipping `skip` of them. */
function monthsQuery(newestMonth: number, count: number, skip = 0): string {
  const lexemes: string[] = [];
  for (let m = newestMonth - skip; m > newestMonth - skip - count; m--) lexemes.push(`'~${Math.floor(m / 12) * 100 + (m % 12) + 1}'`);
  return lexemes.join(' | ');
}

/** The text within a window of months. */
const within = (match: string, months: string) => `( ${match} ) & ( ${months} )`;
