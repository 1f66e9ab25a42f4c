import type { Channel, PublicUser, SearchItem, SearchQuery, SearchResults, SearchType } from '@sift/contracts';
import { SEARCH_CANDIDATES } from '@sift/contracts';
import { notFound } from '../../infra/http/errors.js';
import { presentChannel, presentVideo } from '../catalog/catalog.presenter.js';
import { compareKeys, decodeRankCursor, encodeRankCursor, searchFingerprint, sortKey, type SortKey } from './search-order.js';
import { parseSearchText, type SearchText } from './search-text.js';
import { presentPlaylist, presentSift } from './search.presenter.js';
import type { Candidate, CandidateOptions, ChannelRow, ResultKind, SearchRepository, TextQuery, VideoCardRow } from './search.repository.js';

/** Who is searching: their own private sifts and playlists are found too. */
export interface Viewer {
  id: number;
  uuid: string;
}

/**
 * The seam for a video service that can search (YouTube, later): before the first page of a search that
 * includes videos, it stores the videos the service finds that the catalog does not know yet. The catalog's
 * unique externalId de-duplicates them, and the search below ranks them with everything else.
 */
export interface RemoteVideoSearch {
  storeMatches(text: string, limit: number): Promise<void>;
}

const COMBO = { channel: 4, sift: 4, playlist: 4 } as const;
const RECOMMENDED_CHANNELS = 8;
const RECOMMENDED_VIDEOS = 8;
/** Video windows after the newest month, in months: half a year, three years, eighteen years. */
const WINDOWS = [6, 36, 216] as const;
/** Windows worth trying straight after the newest month, judging by its matches; wider ones read as "rare". */
const RATE_WINDOWS = [6, 36] as const;
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

  constructor(
    private readonly repository: SearchRepository,
    options: SearchServiceOptions = {},
  ) {
    this.cap = options.candidates ?? SEARCH_CANDIDATES;
    this.remote = options.remote;
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
    const folded = text.kind === 'terms' ? await this.repository.foldQuery({ match: text.match, exact: text.exact }) : null;
    // Text of stop words only ("the") folds to nothing, and matches nothing.
    if (folded && !folded.match) text = { kind: 'nothing' };
    const textQuery = text.kind === 'terms' ? folded : null;
    const profile = query.ownerId !== undefined;

    if (firstPage && textQuery && this.remote && kinds.includes('video')) await this.remote.storeMatches(query.q ?? '', this.cap);

    // What the first page adds does not depend on the results: it runs beside them.
    const hidden = settled(firstPage ? this.hiddenByFilters(type, text, textQuery, kinds, options) : Promise.resolve(false));
    const ownChannels = !profile && kinds.includes('channel');
    const recommendedChannels = firstPage && !profile && !ownChannels ? settled(this.recommendedChannels(textQuery, undefined)) : undefined;

    const perKind = text.kind === 'nothing' ? [] : await Promise.all(kinds.map((kind) => this.candidates(kind, textQuery, this.cap, options)));
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

    const viewerUuid = viewer?.uuid ?? null;
    const none = { list: [] as Channel[], popular: false };
    const [items, channels, recommended, moreOutsideFilters] = await Promise.all([
      this.cards(
        page.map((k) => k.c),
        viewerUuid,
      ),
      !firstPage || profile
        ? none
        : // Channels already ranked for this search (best first, whatever the sort) are its recommendations.
          (recommendedChannels ?? this.recommendedChannels(textQuery, ownChannels ? perKind[kinds.indexOf('channel')] : undefined)),
      firstPage && !profile && candidates.length === 0 ? this.recommendedVideos() : [],
      hidden,
    ]);

    return {
      items,
      totalResults: candidates.length,
      next,
      limit: query.limit,
      recommendedChannels: channels.list,
      recommendedChannelsPopular: channels.popular,
      recommended,
      moreOutsideFilters,
    };
  }

  async publicUser(uuid: string): Promise<PublicUser> {
    const row = await this.repository.publicUser(uuid);
    if (!row) throw notFound('User');
    return row;
  }

  private candidates(kind: ResultKind, text: TextQuery | null, cap: number, options: CandidateOptions): Promise<Candidate[]> {
    switch (kind) {
      case 'video':
        return this.videoCandidates(text, cap, options.needs);
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
   * as whole words, P the same with the last word also as a prefix (what is being typed: "minecr"); P finds all
   * that W finds. GIN's partial match is several times slower than an exact entry on a common word, so P is only
   * used where W cannot answer:
   * 1. W in the newest month: a common word fills the cap here, with fresh videos, in one statement;
   * 2. when that month had enough that 6 or 36 months of the same would fill the cap, W in that window;
   * 3. else P anywhere, up to cap + 1 rows, flagging W's matches: a rare word, a rare prefix or no match ends here,
   *    exactly (W's matches when there are any, else P's);
   * 4. else (more than cap matches, few of them recent) W anywhere, then windows of 6, 36, 216 months of W (or of
   *    P when nothing matches W) until one fills the cap;
   * 5. else the first cap matches of step 3 or 4.
   * Each step is one GIN index condition with a LIMIT and no ORDER BY, so no step can turn into a walk of the
   * date index (DESIGN §6), and none reads more than cap + 1 rows.
   */
  private async videoCandidates(text: TextQuery | null, cap: number, needs: CandidateOptions['needs']): Promise<Candidate[]> {
    if (!text) return this.repository.newestVideos(cap, needs);
    // How many months the catalog spans, asked beside step 1: a window that wide is no window.
    const span = settled(this.repository.monthsSpanned());
    const prefix = text.match !== text.exact;
    const newest = await this.repository.matchingVideos(text.exact, text, cap, 1, needs);
    if (newest.length >= cap) return newest;
    const spanned = await span;
    if (spanned <= 1 && !prefix) return newest;
    const tried = new Set<number>();
    const rate = RATE_WINDOWS.find((m) => m * newest.length >= cap && m < spanned);
    if (rate) {
      tried.add(rate);
      const recent = await this.repository.matchingVideos(text.exact, text, cap, rate, needs);
      if (recent.length >= cap) return recent;
    }
    let all = await this.repository.matchingVideos(text.match, text, cap + 1, null, needs, text.exact);
    if (all.length <= cap) {
      const whole = all.filter((c) => c.whole);
      return whole.length > 0 ? whole : all;
    }
    let match = text.exact;
    if (prefix) {
      const whole = await this.repository.matchingVideos(text.exact, text, cap + 1, null, needs);
      if (whole.length > 0 && whole.length <= cap) return whole;
      if (whole.length > 0) all = whole;
      else match = text.match;
    }
    for (const months of WINDOWS) {
      if (months >= spanned) break; // as wide as the catalog: step 3 or 4 already read it
      if (tried.has(months) && match === text.exact) continue;
      const recent = await this.repository.matchingVideos(match, text, cap, months, needs);
      if (recent.length >= cap) return recent;
    }
    return all.slice(0, cap);
  }

  /** The cards of one page, in the page's order; a result deleted in between is left out. */
  private async cards(page: Candidate[], viewerUuid: string | null): Promise<SearchItem[]> {
    const ids = (kind: ResultKind) => page.filter((c) => c.kind === kind).map((c) => c.id);
    const [videoRows, channelRows, siftRows, playlistRows] = await Promise.all([
      this.repository.videosByIds(ids('video')),
      this.repository.channelsByIds(ids('channel')),
      this.repository.siftsByIds(ids('sift')),
      this.repository.playlistsByIds(ids('playlist')),
    ]);
    const byKey = new Map<string, SearchItem>();
    for (const row of videoRows) byKey.set(`video:${row.video.id}`, presentVideo(withoutVector(row)));
    for (const row of channelRows) byKey.set(`channel:${row.id}`, presentChannel(channelWithoutVector(row)));
    for (const row of siftRows) byKey.set(`sift:${row.sift.id}`, presentSift(row, viewerUuid));
    for (const row of playlistRows) byKey.set(`playlist:${row.playlist.id}`, presentPlaylist(row, viewerUuid));
    return page.flatMap((c) => byKey.get(`${c.kind}:${c.id}`) ?? []);
  }

  /** The best matching channels, or the most followed when none match (or there is no text). */
  private async recommendedChannels(text: TextQuery | null, ranked: Candidate[] | undefined): Promise<{ list: Channel[]; popular: boolean }> {
    let rows: Awaited<ReturnType<SearchRepository['channelRows']>> = [];
    if (text && ranked) {
      const ids = ranked.slice(0, RECOMMENDED_CHANNELS).map((c) => c.id);
      const byId = new Map((await this.repository.channelsByIds(ids)).map((r) => [r.id, r]));
      rows = ids.flatMap((id) => byId.get(id) ?? []);
    } else if (text) {
      rows = await this.repository.channelRows(text, RECOMMENDED_CHANNELS);
    }
    if (rows.length > 0) return { list: rows.map((row) => presentChannel(channelWithoutVector(row))), popular: false };
    const list = await this.popularChannels.get(async () =>
      (await this.repository.channelRows(null, RECOMMENDED_CHANNELS)).map((row) => presentChannel(channelWithoutVector(row))),
    );
    return { list, popular: true };
  }

  private recommendedVideos(): Promise<SearchItem[]> {
    return this.popularVideos.get(async () => {
      const ids = await this.repository.popularRecentVideoIds(RECOMMENDED_VIDEOS);
      const rows = await this.repository.videosByIds(ids);
      const byId = new Map(rows.map((r) => [r.video.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentVideo(withoutVector(row))] : [];
      });
    });
  }

  /** Whether the kinds the type filter leaves out have matches (one row is enough to know). */
  private async hiddenByFilters(type: SearchType, text: SearchText, query: TextQuery | null, kinds: ResultKind[], options: CandidateOptions): Promise<boolean> {
    if (type === 'all' || type === 'combo' || text.kind === 'nothing') return false;
    const others = kindsOf('all', options.ownerUuid).filter((k) => !kinds.includes(k));
    return this.repository.anyMatch(others, query?.match ?? null, options);
  }
}

/** A value worked out at most once per `ttlMs` (concurrent callers share the one in progress). */
class Memo<T> {
  private value: { at: number; promise: Promise<T> } | undefined;
  constructor(private readonly ttlMs: number) {}

  get(make: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.value && now - this.value.at < this.ttlMs) return this.value.promise;
    const promise = make();
    this.value = { at: now, promise };
    // A failure or an empty answer (a catalog still empty) is not kept: the next caller asks again.
    const forget = () => {
      if (this.value?.promise === promise) this.value = undefined;
    };
    promise.then((v) => (Array.isArray(v) && v.length === 0 ? forget() : undefined), forget);
    return promise;
  }
}

/** Cards are read without the search vectors; the catalog's presenters take rows that have the column. */
const withoutVector = (row: VideoCardRow) => ({ ...row, video: { ...row.video, searchVector: null } });
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

