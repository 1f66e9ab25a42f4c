import { randomBytes, randomInt } from 'node:crypto';
import {
  SIFT_CHANNELS_MAX,
  SIFT_EXPLORE_ROW,
  SIFT_NEW_DAYS,
  SIFT_PREVIEW_COUNT_LIMIT,
  SIFT_SIMILAR_MAX,
  type CreateSift,
  type PagedVideos,
  type Sift,
  type SiftChannelInput,
  type SiftFilters,
  type SiftKeywords,
  type SiftExplore,
  type SiftList,
  type SiftListQuery,
  type SiftSummary,
  type SimilarSifts,
  type SiftPreview,
  type SiftPreviewRequest,
  type UpdateSift,
} from '@sift/contracts';
import { keywordProblem, foldKeyword, normaliseKeyword, NO_TYPE_FILTERS, type KeywordRules, type TypeFilters } from '../../infra/db/keyword-match.js';
import { decodeCursor, decodeListCursor, encodeCursor, encodeListCursor } from '../../infra/http/cursor.js';
import { SharedRead } from '../../infra/cache/shared-read.js';
import { encodedPageCache, StampedCache } from '../../infra/cache/stamped-cache.js';
import { EncodedJson } from '../../infra/http/send-json.js';
import { badRequest, HttpError, notFound } from '../../infra/http/errors.js';
import { keyOfUrl, type FileStore } from '../../infra/files/file-store.js';
import { prepareCoverImage } from '../../infra/images/cover-image.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { presentVideo } from '../catalog/catalog.presenter.js';
import type { VideoCardRow } from '../../infra/db/video-card-columns.js';
import type { SiftMatch } from './sift-matches.repository.js';
import { presentSift, presentSiftSummary } from './sifts.presenter.js';
import type { ListedSift, SiftsRepository, SiftWithCounts } from './sifts.repository.js';

/** A sift as the personal-data export carries it (GET /api/me/exports/data.zip). */
export interface SiftExport {
  name: string;
  description: string;
  public: boolean;
  category: string | null;
  keywords: SiftKeywords;
  filters: SiftFilters;
  /** In the order they were added; externalId is the channel's id at its service. */
  channels: Array<{ externalId: string; name: string }>;
}

export const SIFT_IMPORT_JOB = 'sift-channel-import';
const SIFT_IMAGE_PREFIX = 'sifts/';
interface ImportJob {
  siftId: number;
  channelExternalId: string;
}

const HASH_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const HASH_LENGTH = 10;

/** A short random URL-safe hash (DESIGN §3) that always has a letter, so it never reads as a numeric id. */
function newHash(): string {
  let hash = '';
  for (let i = 0; i < HASH_LENGTH; i++) hash += HASH_ALPHABET[randomInt(HASH_ALPHABET.length)];
  return /[A-Za-z]/.test(hash) ? hash : newHash();
}

const forbidden = () => new HttpError(403, 'Only the owner of this sift can change it.', 'FORBIDDEN');

/**
 * A discovery answer as every visitor gets it (`owner.creator` false throughout), kept with its encoding under the
 * directory's version (decisions/044). `sifts` reaches its sift cards, so a member's own sifts can be marked theirs.
 */
interface KeptDiscovery<T> {
  value: T;
  body: EncodedJson;
  ownerIds: Set<number>;
}
type SiftCards<T> = (value: T, card: (sift: SiftSummary) => SiftSummary) => T;
/** A place in a sift's similar sifts: which sift, and how many channels it shares. */
type SimilarRank = { id: number; shared: number };

/** Sifts: line-ups of channels with keyword rules (SPEC §3, §7 "Sifts"; decisions/010, 011). */
export class SiftsService {
  /** Who may see a sift's feed and its version, read by every request for a page of it: concurrent requests share the read. */
  private readonly feedStamps = new SharedRead((idOrHash: string) => this.repository.findForFeed(idOrHash));
  /** The version of the lists of public sifts, read by every discovery request: concurrent requests share the read. */
  private readonly directoryStamps = new SharedRead(() => this.repository.directoryVersion());

  constructor(
    private readonly repository: SiftsRepository,
    private readonly catalog: CatalogService,
    private readonly jobs: JobQueue,
    private readonly files: FileStore,
    /**
     * Pages of sift feeds under the sift's `feed_version`, which every change to the sift's matches bumps in the
     * same statement (sift-matches.repository.ts); visibility is checked on every request (decisions 011, 014).
     */
    private readonly feedCache = encodedPageCache(64),
    private readonly categoriesCache = encodedPageCache(1),
    /** Discovery answers (a channel's sifts, similar sifts, Explore) under the directory's version (decisions/044). */
    private readonly discoveryCache = new StampedCache<KeptDiscovery<unknown>>(16, (kept) => kept.body.size * 11),
    /**
     * Each sift's similar sifts as ids and shared counts, under its own feed version (its channels), at most a minute
     * old: what the other sifts' channel changes do to it shows within the minute (decisions/053).
     */
    private readonly similarRankings = new StampedCache<{ ranked: SimilarRank[] }>(4, (kept) => kept.ranked.length * 16),
    /** A member's hideWatched pages, under the sift's feed version and the member's marks version (decisions/055). */
    private readonly unwatchedPages = encodedPageCache(32),
    /** A member's inbox counts of a page of their sifts, under the same two versions and their follows' dates. */
    private readonly countsCache = new StampedCache<{ counts: Map<number, number> }>(4, (kept) => kept.counts.size * 40),
  ) {
    void jobs.work<ImportJob>(SIFT_IMPORT_JOB, (job) => this.runImport(job));
  }

  /**
   * New videos were stored (a channel refresh, an import): each sift that has their channel evaluates them, and
   * the matches join its feed. Returns the new matches (for notifications).
   */
  onVideosArrived(videoIds: number[]): Promise<SiftMatch[]> {
    return this.repository.matches.matchArrivedVideos([...new Set(videoIds)]);
  }

  /**
   * GET /api/sifts/categories, encoded: a table only migrations change, read at most once a minute per process
   * (every sift form and card menu asks for it).
   */
  async encodedCategories(): Promise<EncodedJson> {
    const kept = this.categoriesCache.get('all', '');
    if (kept) return kept;
    return this.categoriesCache.set('all', '', EncodedJson.of(JSON.stringify(await this.repository.categories())));
  }

  /** A sift its viewer may see: public, or their own. Anyone else gets 404, as for an unknown one. */
  async get(idOrHash: string, viewerId: number | null): Promise<Sift> {
    const row = await this.visible(idOrHash, viewerId);
    return this.present(row, viewerId);
  }

  /**
   * GET /api/sifts with `channel` or `category` (issue 31): public sifts, most followed first, the same for everyone,
   * encoded and kept under the directory's version, so a sift made private or deleted leaves them at the next read. Both
   * at once: 400.
   */
  async encodedDiscoveryList(query: SiftListQuery, viewerId: number | null): Promise<EncodedJson> {
    const { channel, category } = query;
    if (channel !== undefined && category !== undefined) {
      throw badRequest('Ask for the sifts of a channel or of a category, not both', [{ field: 'category', message: 'cannot go with channel' }]);
    }
    const after = query.next ? decodeListCursor(query.next, 'followers', 'number') : undefined;
    const [kind, value] = channel !== undefined ? (['channel', channel] as const) : (['category', category ?? ''] as const);
    const stamp = await this.directoryStamps.get('');
    return this.keptDiscovery(`${kind}|${value}|${query.limit}|${query.next ?? ''}`, String(stamp), viewerId, listCards, async () => {
      const rows =
        kind === 'channel'
          ? await this.repository.publicWithChannel(value, after, query.limit)
          : await this.repository.publicInCategory(value, after, query.limit);
      return discoveryPage(rows, query.limit);
    });
  }

  /**
   * GET /api/sifts/{id}/similar: public sifts sharing channels with this one (which its viewer may see: public, or
   * their own), most shared first. Kept under the directory's version and the sift's feed version, which moves when
   * its channels change (a private sift's channels move no directory). Built from the sift's kept ranking: who is
   * listed is read anew at each directory version, so a sift made private leaves at once (decisions/053).
   */
  async encodedSimilar(idOrHash: string, viewerId: number | null, limit: number): Promise<EncodedJson> {
    const [sift, directory] = await Promise.all([this.feedStamps.get(idOrHash), this.directoryStamps.get('')]);
    const { id, feedVersion } = this.visibleForFeed(sift, viewerId);
    return this.keptDiscovery(`similar|${id}|${limit}`, `${directory}.${feedVersion}`, viewerId, similarCards, async (): Promise<SimilarSifts> => {
      const ranked = await this.similarRanking(id, feedVersion);
      const shared = new Map(ranked.map((r) => [r.id, r.shared]));
      const rows = await this.repository.listedAmong(ranked.map((r) => r.id), limit);
      return { items: rows.map((row) => ({ ...presentSiftSummary(row, null), sharedChannels: shared.get(row.sift.id)! })), limit };
    });
  }

  /**
   * The sift's similar sifts in their order, ids and shared counts: room for the largest page after some of them have
   * turned private since the ranking was read (twice `SIFT_SIMILAR_MAX`).
   */
  private async similarRanking(id: number, feedVersion: number): Promise<SimilarRank[]> {
    const kept = this.similarRankings.get(`similar|${id}`, feedVersion);
    if (kept) return kept.ranked;
    const ranked = await this.repository.similarRanking(id, 2 * SIFT_SIMILAR_MAX);
    return this.similarRankings.set(`similar|${id}`, feedVersion, { ranked }).ranked;
  }

  /** GET /api/sifts/explore: the most followed public sifts, the week's new ones and the categories that have some. */
  async encodedExplore(viewerId: number | null, now = new Date()): Promise<EncodedJson> {
    const stamp = await this.directoryStamps.get('');
    return this.keptDiscovery('explore', String(stamp), viewerId, exploreCards, async (): Promise<SiftExplore> => {
      const since = new Date(now.getTime() - SIFT_NEW_DAYS * 24 * 3_600_000);
      const [{ mostFollowed, newest }, categories] = await Promise.all([this.repository.explore(SIFT_EXPLORE_ROW, since), this.repository.publicCategories()]);
      return { mostFollowed: mostFollowed.map((r) => presentSiftSummary(r, null)), newThisWeek: newest.map((r) => presentSiftSummary(r, null)), categories };
    });
  }

  /**
   * A discovery answer kept under `stamp`, which was read before it is built (so what it shows is at least as new as
   * the stamp says). A member whose own sifts it lists gets them marked theirs (`owner.creator`), encoded for them.
   */
  private async keptDiscovery<T>(key: string, stamp: string, viewerId: number | null, cards: SiftCards<T>, build: () => Promise<T>): Promise<EncodedJson> {
    let kept = this.discoveryCache.get(key, stamp) as KeptDiscovery<T> | undefined;
    if (kept === undefined) {
      const value = await build();
      const ownerIds = new Set<number>();
      cards(value, (sift) => (ownerIds.add(sift.owner.id), sift));
      kept = this.discoveryCache.set(key, stamp, { value, body: EncodedJson.of(JSON.stringify(value)), ownerIds }) as KeptDiscovery<T>;
    }
    if (viewerId === null || !kept.ownerIds.has(viewerId)) return kept.body;
    const theirs = cards(kept.value, (sift) => (sift.owner.id === viewerId ? { ...sift, owner: { ...sift.owner, creator: true } } : sift));
    return EncodedJson.of(JSON.stringify(theirs));
  }

  async list(query: SiftListQuery, viewerId: number | null): Promise<SiftList> {
    const after = query.next ? decodeListCursor(query.next, query.sort, query.sort === 'alpha' ? 'text' : 'number') : undefined;
    const scope =
      viewerId === null
        ? { publicOnly: true }
        : query.following === true
          ? { publicOnly: true, followerId: viewerId }
          : { publicOnly: false, ownerId: viewerId };
    const { rows, total } = await this.repository.list({ ...scope, q: query.q || undefined, sort: query.sort, after, limit: query.limit });
    const page = rows.slice(0, query.limit);
    // A member's sifts carry their inbox counts (issue 30); a visitor's list has none.
    const counts = viewerId === null ? undefined : await this.unwatchedCounts(viewerId, page.map((r) => r.sift.id));
    const last = page.at(-1);
    // int8 sort values (epoch ms) come back as strings from node-postgres.
    const lastValue = last && (query.sort === 'alpha' ? String(last.sortValue) : Number(last.sortValue));
    return {
      items: page.map((r) => (counts ? { ...presentSiftSummary(r, viewerId), unwatchedCount: counts.get(r.sift.id) ?? 0 } : presentSiftSummary(r, viewerId))),
      totalResults: total,
      next: rows.length > query.limit && last && lastValue !== undefined ? encodeListCursor(query.sort, { value: lastValue, id: last.sift.id }) : null,
      limit: query.limit,
    };
  }

  /** A member's inbox counts of these sifts, counted again only when what they depend on moved (decisions/055). */
  private async unwatchedCounts(viewerId: number, siftIds: number[]): Promise<Map<number, number>> {
    const key = `${viewerId}:${siftIds.join(',')}`;
    const stamp = await this.repository.unwatchedCountsStamp(viewerId, siftIds);
    const kept = this.countsCache.get(key, stamp) ?? this.countsCache.set(key, stamp, { counts: await this.repository.unwatchedCounts(viewerId, siftIds) });
    return kept.counts;
  }

  /**
   * A page of the sift's feed, encoded. A page built before is served while the sift's feed version still matches
   * (`feedCache`): then the only read is the sift's own row, which also decides who may see it.
   */
  async encodedVideos(idOrHash: string, viewerId: number | null, limit: number, next?: string, hideWatched = false): Promise<EncodedJson> {
    const after = next ? decodeCursor(next) : undefined;
    if (hideWatched && viewerId !== null) {
      // The member's own page (what they watched or dismissed is left out), kept for them under the sift's feed
      // version and their marks version (decisions/055).
      const [sift, marks] = await Promise.all([this.feedStamps.get(idOrHash), this.repository.marksVersion(viewerId)]);
      const { feedVersion } = this.visibleForFeed(sift, viewerId);
      const key = `${viewerId}:${idOrHash}:${limit}:${next ?? ''}`;
      const at = `${feedVersion}|${marks}`;
      const kept = this.unwatchedPages.get(key, at);
      if (kept !== undefined) return kept;
      const page = feedPage(await this.repository.pageVideos(idOrHash, after, limit, viewerId), limit);
      // The sift's count of matches includes what is left out: the total is the feeds' lower bound instead.
      return this.unwatchedPages.set(key, at, EncodedJson.of(JSON.stringify({ ...page, totalResults: page.videos.length + (page.next ? 1 : 0) })));
    }
    // The sift as the request names it (id or hash: two names, two keys, one version).
    const key = `${idOrHash}:${limit}:${next ?? ''}`;
    let rows;
    if (this.feedCache.has(key)) {
      const sift = this.visibleForFeed(await this.feedStamps.get(idOrHash), viewerId);
      const cached = this.feedCache.get(key, sift.feedVersion);
      if (cached !== undefined) return cached;
      rows = await this.repository.pageVideos(idOrHash, after, limit);
    } else {
      // The sift and the page at once; a page of a sift the caller may not see is read and dropped, never answered.
      const [sift, page] = await Promise.all([this.feedStamps.get(idOrHash), this.repository.pageVideos(idOrHash, after, limit)]);
      this.visibleForFeed(sift, viewerId);
      rows = page;
    }
    // An empty page carries no version to check against (and costs little to read again).
    const body = EncodedJson.of(JSON.stringify(feedPage(rows, limit)));
    return rows[0] ? this.feedCache.set(key, rows[0].feedVersion, body) : body;
  }

  /** The same page as an object (the Atom feed: rare, and cached by feed readers). */
  async videos(idOrHash: string, viewerId: number | null, limit: number, next?: string): Promise<PagedVideos> {
    return JSON.parse((await this.encodedVideos(idOrHash, viewerId, limit, next)).json) as PagedVideos;
  }

  /** "Mark all as watched" on a sift: its newest matches (404 for a sift the member may not see). */
  async newestVideoIds(idOrHash: string, viewerId: number, before: Date | undefined, max: number): Promise<number[]> {
    const sift = this.visibleForFeed(await this.repository.findForFeed(idOrHash), viewerId);
    return this.repository.newestMatchIds(sift.id, before, max);
  }

  private visibleForFeed<T extends { ownerId: number; public: boolean }>(sift: T | undefined, viewerId: number | null): T {
    if (!sift || (!sift.public && sift.ownerId !== viewerId)) throw notFound('Sift');
    return sift;
  }

  async create(input: CreateSift, ownerId: number): Promise<Sift> {
    const keywords = input.keywords ? checkKeywords(input.keywords) : undefined;
    if (input.category) await this.checkCategory(input.category);
    // Channels are resolved (and unknown ones stored) before the transaction: the catalog has its own connection.
    const resolved = input.channels ? await this.resolveChannels(input.channels) : undefined;
    const { id, imports } = await this.repository.transaction(async (repository) => {
      let created;
      for (let attempt = 0; !created && attempt < 5; attempt++) {
        created = await repository.insert({
          hash: newHash(),
          ownerId,
          name: input.name,
          description: input.description ?? '',
          category: input.category ?? null,
          public: input.public ?? false,
          ...filterColumns(input.filters),
        });
      }
      if (!created) throw new Error('Could not find a free sift hash');
      if (resolved) await repository.replaceChannels(created.id, resolved.ids);
      if (keywords) await repository.replaceKeywords(created.id, keywords);
      await repository.matches.rematchSift(created.id);
      return { id: created.id, imports: resolved?.imports ?? [] };
    });
    await this.queueImports(id, imports);
    return this.get(String(id), ownerId);
  }

  async update(idOrHash: string, input: UpdateSift, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    const keywords = input.keywords ? checkKeywords(input.keywords) : undefined;
    if (input.category) await this.checkCategory(input.category);
    const resolved = input.channels ? await this.resolveChannels(input.channels) : undefined;
    await this.repository.transaction(async (repository) => {
      await repository.lock(sift.id);
      await repository.update(sift.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.public !== undefined ? { public: input.public } : {}),
        ...(input.filters !== undefined ? filterColumns(input.filters) : {}),
      });
      if (resolved) await repository.replaceChannels(sift.id, resolved.ids);
      if (keywords) await repository.replaceKeywords(sift.id, keywords);
      if (resolved || keywords || input.filters) await repository.matches.rematchSift(sift.id);
    });
    await this.queueImports(sift.id, resolved?.imports ?? []);
    return this.get(String(sift.id), userId);
  }

  /** A copy owned by the caller (of a public sift, or of their own): channels, keywords and filters. */
  async copy(idOrHash: string, userId: number): Promise<Sift> {
    const source = await this.visible(idOrHash, userId);
    const [channels, keywords] = await Promise.all([this.repository.channelsOf(source.sift.id), this.repository.keywordsOf(source.sift.id)]);
    const s = source.sift;
    return this.create(
      {
        name: `${s.name} (copy)`.slice(0, 100),
        description: s.description,
        category: s.category,
        public: false,
        channels: channels.map((c) => ({ externalId: c.externalId })),
        keywords,
        filters: { hideShorts: s.hideShorts, hideLive: s.hideLive, minDurationSeconds: s.minDurationSeconds, maxDurationSeconds: s.maxDurationSeconds },
      },
      userId,
    );
  }

  async delete(idOrHash: string, userId: number): Promise<void> {
    const { sift } = await this.owned(idOrHash, userId);
    await this.repository.delete(sift.id);
    if (sift.thumbnailType === 'custom') await this.deleteImage(sift.thumbnail);
  }

  async setPublic(idOrHash: string, isPublic: boolean, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    await this.repository.update(sift.id, { public: isPublic });
    return this.get(String(sift.id), userId);
  }

  /** 403/404 before an upload is read: only the owner's uploads are. */
  async assertOwner(idOrHash: string, userId: number): Promise<void> {
    await this.owned(idOrHash, userId);
  }

  /** A new cover: checked and re-encoded to 300×300 JPEG, stored under a new key (URLs can be cached forever). */
  async setImage(idOrHash: string, bytes: Buffer, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    const image = await prepareCoverImage(bytes);
    const key = `${SIFT_IMAGE_PREFIX}${sift.hash}-${randomBytes(6).toString('hex')}.jpg`;
    await this.files.put(key, image, 'image/jpeg');
    await this.repository.update(sift.id, { thumbnail: this.files.url(key), thumbnailType: 'custom' });
    await this.deleteImage(sift.thumbnailType === 'custom' ? sift.thumbnail : null);
    return this.get(String(sift.id), userId);
  }

  /** Back to the automatic cover (the newest matching video's thumbnail); 409 when the cover is automatic already. */
  async removeImage(idOrHash: string, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    if (sift.thumbnailType === 'auto') throw new HttpError(409, 'This sift has no custom image to remove', 'IMAGE_AUTO');
    await this.repository.update(sift.id, { thumbnail: null, thumbnailType: 'auto' });
    await this.deleteImage(sift.thumbnail);
    return this.get(String(sift.id), userId);
  }

  /** The stored file behind a cover URL; a failure leaves an orphan file only. */
  private async deleteImage(url: string | null): Promise<void> {
    const key = url ? keyOfUrl(this.files, url) : null;
    if (key) await this.files.delete(key).catch(() => undefined);
  }

  /** POST /api/sifts/{id}/channels: a known channel joins at once; an unknown one is imported in the background. */
  async addChannel(idOrHash: string, input: SiftChannelInput, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    const { ids, imports } = await this.resolveChannels([input]);
    await this.repository.transaction(async (repository) => {
      await repository.lock(sift.id);
      const count = await repository.countChannels(sift.id);
      if (count + ids.length > 200) throw badRequest('A sift has at most 200 channels', [{ field: 'externalId', message: 'too many channels' }]);
      const added = await repository.addChannels(sift.id, ids);
      if (added > 0) await repository.matches.rematchSift(sift.id);
    });
    await this.queueImports(sift.id, imports);
    return this.get(String(sift.id), userId);
  }

  /**
   * A group of channels from an import (a FreeTube profile, a Piped or NewPipe group, a sift of Sift's own export):
   * into the member's sift of that name, or a new one (private unless the export says otherwise). Channels it lacks
   * join in order up to the 200 a sift holds; answers whether the sift was made, how many channels joined, and the
   * ones that did not fit. Importing the same group again changes nothing.
   */
  async importGroup(ownerId: number, group: CreateSift & { channels: SiftChannelInput[] }): Promise<{ created: boolean; added: number; overflow: string[] }> {
    // A category this site does not have (an export from another instance) is dropped, not a reason to refuse.
    if (group.category && !(await this.repository.categoryExists(group.category))) group = { ...group, category: null };
    const existing = await this.repository.findOwnedByName(ownerId, group.name);
    if (existing === undefined) {
      const fits = group.channels.slice(0, SIFT_CHANNELS_MAX);
      await this.create({ ...group, channels: fits }, ownerId);
      return { created: true, added: fits.length, overflow: group.channels.slice(SIFT_CHANNELS_MAX).map((c) => c.externalId) };
    }
    // resolveChannels answers one id per distinct channel, in order: ids[i] is unique[i]'s.
    const unique = [...new Map(group.channels.map((c) => [c.externalId, c])).values()];
    const { ids, imports } = await this.resolveChannels(unique);
    const { present, joining } = await this.repository.transaction(async (repository) => {
      await repository.lock(existing);
      const inSift = new Set((await repository.channelsOf(existing)).map((c) => c.id));
      const room = Math.max(0, SIFT_CHANNELS_MAX - inSift.size);
      const joins = ids.filter((id) => !inSift.has(id)).slice(0, room);
      if ((await repository.addChannels(existing, joins)) > 0) await repository.matches.rematchSift(existing);
      return { present: inSift, joining: new Set(joins) };
    });
    const importing = new Set(imports);
    await this.queueImports(existing, unique.filter((c, i) => importing.has(c.externalId) && joining.has(ids[i]!)).map((c) => c.externalId));
    const overflow = unique.filter((_, i) => !present.has(ids[i]!) && !joining.has(ids[i]!)).map((c) => c.externalId);
    return { created: false, added: joining.size, overflow };
  }

  async removeChannel(idOrHash: string, channelIdOrExternalId: string, userId: number): Promise<Sift> {
    const { sift } = await this.owned(idOrHash, userId);
    const channel = await this.catalog.findStoredChannel(channelIdOrExternalId);
    if (!channel) throw notFound('Channel');
    await this.repository.transaction(async (repository) => {
      await repository.lock(sift.id);
      if (!(await repository.removeChannel(sift.id, channel.id))) throw notFound('Channel');
      await repository.matches.rematchSift(sift.id);
    });
    return this.get(String(sift.id), userId);
  }

  /** The live preview while editing: rules not saved yet over these channels (only channels the catalog has). */
  async preview(request: SiftPreviewRequest): Promise<SiftPreview> {
    const keywords = checkKeywords(request.keywords);
    const ids: number[] = [];
    for (const externalId of new Set(request.channels)) {
      const channel = await this.catalog.findStoredChannel(externalId);
      if (channel) ids.push(channel.id);
    }
    const filters = request.filters ? toTypeFilters(request.filters) : NO_TYPE_FILTERS;
    const { count, rows } = await this.repository.preview(ids, keywords, filters, request.limit, SIFT_PREVIEW_COUNT_LIMIT);
    return { numberOfVideos: Math.min(count, SIFT_PREVIEW_COUNT_LIMIT), more: count > SIFT_PREVIEW_COUNT_LIMIT, videos: rows.map(presentVideo) };
  }

  // ---- channel import (SPEC §4 "Sift import status") ----

  private async queueImports(siftId: number, externalIds: string[]): Promise<void> {
    if (externalIds.length === 0) return;
    await this.repository.setImportStatus(siftId, 'PENDING_IMPORT');
    for (const channelExternalId of externalIds) await this.jobs.send<ImportJob>(SIFT_IMPORT_JOB, { siftId, channelExternalId });
  }

  /** PENDING_IMPORT → IMPORTING → METADATA_IMPORTED → VIDEOS_IMPORTED → CREATED, or FAILED (the channel leaves the sift). */
  private async runImport(job: ImportJob): Promise<void> {
    const { siftId, channelExternalId } = job;
    if (!(await this.repository.find(String(siftId)))) return; // deleted meanwhile
    try {
      await this.repository.setImportStatus(siftId, 'IMPORTING');
      const channel = await this.catalog.importChannelMetadata(channelExternalId);
      await this.repository.setImportStatus(siftId, 'METADATA_IMPORTED');
      await this.catalog.syncChannel(channelExternalId, { maxPages: 20 });
      await this.repository.setImportStatus(siftId, 'VIDEOS_IMPORTED');
      await this.repository.matches.matchChannel(channel.id);
      await this.repository.setImportStatus(siftId, 'CREATED');
    } catch (error) {
      const stored = await this.catalog.findStoredChannel(channelExternalId);
      await this.repository.transaction(async (repository) => {
        if (stored) {
          await repository.removeChannel(siftId, stored.id);
          await repository.matches.rematchSift(siftId);
        }
        const reason = error instanceof HttpError && error.status === 404 ? 'the video service does not know it' : 'the video service did not answer';
        await repository.setImportStatus(siftId, 'FAILED', `Channel ${channelExternalId} could not be imported: ${reason}.`);
      });
    }
  }

  // ---- helpers ----

  /** Channel inputs → stored channel ids; unknown ones are stored as stubs and returned for import. */
  private async resolveChannels(inputs: SiftChannelInput[]): Promise<{ ids: number[]; imports: string[] }> {
    const ids: number[] = [];
    const imports: string[] = [];
    const seen = new Set<string>();
    for (const input of inputs) {
      if (seen.has(input.externalId)) continue;
      seen.add(input.externalId);
      const stored = await this.catalog.findStoredChannel(input.externalId);
      if (stored && stored.refreshedAt !== null) {
        ids.push(stored.id);
        continue;
      }
      const stub =
        stored ??
        (await this.catalog.storeChannelStub({
          externalId: input.externalId,
          name: input.name || input.externalId,
          thumbnail: input.thumbnail ?? '',
          numberOfFollowers: input.numberOfFollowers ?? 0,
        }));
      ids.push(stub.id);
      imports.push(input.externalId);
    }
    return { ids, imports };
  }

  /**
   * Every sift the member owns with its keywords, filters and channels, for the personal-data export: three
   * statements however many sifts there are.
   */
  async exportOwned(userId: number): Promise<SiftExport[]> {
    const [rows, keywords, channels] = await Promise.all([
      this.repository.ownedForExport(userId),
      this.repository.ownedKeywordsForExport(userId),
      this.repository.ownedChannelsForExport(userId),
    ]);
    const byId = new Map<number, SiftExport>();
    for (const s of rows) {
      byId.set(s.id, {
        name: s.name,
        description: s.description,
        public: s.public,
        category: s.category,
        keywords: { all: [], any: [], none: [] },
        filters: { hideShorts: s.hideShorts, hideLive: s.hideLive, minDurationSeconds: s.minDurationSeconds, maxDurationSeconds: s.maxDurationSeconds },
        channels: [],
      });
    }
    for (const k of keywords) byId.get(k.siftId)?.keywords[k.rule].push(k.keyword);
    for (const c of channels) byId.get(c.siftId)?.channels.push({ externalId: c.externalId, name: c.name });
    return [...byId.values()];
  }

  private async checkCategory(category: string): Promise<void> {
    if (!(await this.repository.categoryExists(category))) {
      throw badRequest('category is not one of GET /api/sifts/categories', [{ field: 'category', message: 'is not a known category' }]);
    }
  }

  private async visible(idOrHash: string, viewerId: number | null): Promise<SiftWithCounts> {
    const row = await this.repository.find(idOrHash);
    if (!row || (!row.sift.public && row.sift.ownerId !== viewerId)) throw notFound('Sift');
    return row;
  }

  private async owned(idOrHash: string, userId: number): Promise<SiftWithCounts> {
    const row = await this.visible(idOrHash, userId);
    if (row.sift.ownerId !== userId) throw forbidden();
    return row;
  }

  private async present(row: SiftWithCounts, viewerId: number | null): Promise<Sift> {
    const [channels, keywords] = await Promise.all([this.repository.channelsOf(row.sift.id), this.repository.keywordsOf(row.sift.id)]);
    return presentSift(row, channels, keywords, viewerId);
  }
}

/** Normalises keywords, drops repeats (case- and accent-insensitive) and refuses unusable ones with their field. */
function checkKeywords(input: KeywordRules): KeywordRules {
  const out: KeywordRules = { all: [], any: [], none: [] };
  const fields: { field: string; message: string }[] = [];
  for (const rule of ['all', 'any', 'none'] as const) {
    const seen = new Set<string>();
    input[rule].forEach((raw, i) => {
      const keyword = normaliseKeyword(raw);
      const problem = keywordProblem(keyword);
      if (problem) fields.push({ field: `keywords.${rule}.${i}`, message: problem });
      else if (!seen.has(foldKeyword(keyword))) {
        seen.add(foldKeyword(keyword));
        out[rule].push(keyword);
      }
    });
  }
  if (fields.length > 0) throw badRequest(`Invalid keywords: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, fields);
  return out;
}

function toTypeFilters(f: NonNullable<CreateSift['filters']>): TypeFilters {
  return { hideShorts: f.hideShorts, hideLive: f.hideLive, minDurationSeconds: f.minDurationSeconds, maxDurationSeconds: f.maxDurationSeconds };
}

function filterColumns(f: CreateSift['filters']): Partial<TypeFilters> {
  return f ? toTypeFilters(f) : {};
}

/** A page of a discovery list from its rows (limit + 1 read), as a visitor sees it; cursors on (followers, id). */
function discoveryPage(rows: ListedSift[], limit: number): SiftList {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => presentSiftSummary(r, null)),
    totalResults: rows[0]?.total ?? 0,
    next: rows.length > limit && last ? encodeListCursor('followers', { value: last.sift.numberOfFollowers, id: last.sift.id }) : null,
    limit,
  };
}

const listCards: SiftCards<SiftList> = (list, card) => ({ ...list, items: list.items.map(card) });
const similarCards: SiftCards<SimilarSifts> = (similar, card) => ({ ...similar, items: similar.items.map((s) => ({ ...card(s), sharedChannels: s.sharedChannels })) });
const exploreCards: SiftCards<SiftExplore> = (explore, card) => ({ ...explore, mostFollowed: explore.mostFollowed.map(card), newThisWeek: explore.newThisWeek.map(card) });

/** A page of a sift's feed from its rows (limit + 1 read); the total is the sift's (capped) number of matches. */
function feedPage(rows: Array<VideoCardRow & { numberOfVideos: number }>, limit: number): PagedVideos {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    videos: page.map(presentVideo),
    totalResults: Math.max(rows[0]?.numberOfVideos ?? 0, page.length),
    next: rows.length > limit && last ? encodeCursor({ publishedAt: last.video.publishedAt, id: last.video.id }) : null,
    limit,
  };
}
