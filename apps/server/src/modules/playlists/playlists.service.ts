import { randomBytes } from 'node:crypto';
import type {
  AddPlaylistVideo,
  CreatePlaylist,
  MovePlaylistVideo,
  Playlist,
  PlaylistList,
  PlaylistListQuery,
  PlaylistVideos,
  PlaylistVideosQuery,
  UpdatePlaylist,
  Video,
} from '@sift/contracts';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_ID_PATTERN, PLAYLIST_NAME_MAX, WATCH_LATER_ID } from '@sift/contracts';
import type { FileStore } from '../../infra/files/file-store.js';
import { badRequest, HttpError, notFound } from '../../infra/http/errors.js';
import { decodeListCursor, encodeListCursor } from '../../infra/http/cursor.js';
import { prepareCoverImage } from '../../infra/images/cover-image.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { presentPlaylist, presentPlaylistVideo } from './playlists.presenter.js';
import {
  MIN_POSITION_GAP,
  POSITION_GAP,
  type PlaylistOrder,
  type PlaylistAccessRow,
  type PlaylistRow,
  type PlaylistsRepository,
  type ServiceImportRow,
} from './playlists.repository.js';

/** A playlist as the personal-data export carries it (GET /api/me/exports/data.zip). */
export interface PlaylistExport {
  name: string;
  description: string;
  public: boolean;
  watchLater: boolean;
  /** In the playlist's order; externalId is the video's id at its service. */
  videos: Array<{ externalId: string; title: string }>;
}

/** A playlist imported (or being imported) from the member's video-service account. */
export interface ServicePlaylistImport {
  id: number;
  servicePlaylistId: string;
  name: string;
  status: 'PENDING' | 'PROCESSING' | 'CREATED' | 'FAILED';
  progress: number;
}

/** An import that has not moved for this long stopped with its process: asking again starts it over. */
const SERVICE_IMPORT_STALE_MINUTES = 15;

function presentServiceImport(row: ServiceImportRow): ServicePlaylistImport {
  return {
    id: row.id,
    servicePlaylistId: row.servicePlaylistId ?? '',
    name: row.name,
    status: row.importStatus ?? 'CREATED',
    progress: row.importProgress ?? (row.importStatus === 'CREATED' ? 100 : 0),
  };
}

/** Who is calling: a member, or null for a visitor. */
export type Viewer = { id: number } | null;

const unauthenticated = () => new HttpError(401, 'Log in to continue.', 'UNAUTHENTICATED');
const notOwner = () => new HttpError(403, 'Only the owner can change this playlist', 'FORBIDDEN');
const watchLaterFixed = (what: string) => new HttpError(403, `Watch later cannot be ${what}`, 'WATCH_LATER');
const badCursor = () => badRequest('next is not a cursor this server issued', [{ field: 'next', message: 'is invalid' }]);

const ORDERS: Record<PlaylistListQuery['sort'], PlaylistOrder> = { '': 'updated', relevance: 'updated', created: 'created', videos: 'videos', alpha: 'alpha' };

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
}

function decodeItemCursor(cursor: string): { position: number; id: number } {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [position, id] = value as unknown[];
  if (typeof position !== 'number' || !Number.isFinite(position) || typeof id !== 'number' || !Number.isSafeInteger(id)) throw badCursor();
  return { position, id };
}

/**
 * Playlists and Watch later (SPEC §3–§8): every read checks visibility (private ones exist only for their owner: 404
 * for anyone else), every change checks ownership (403 for others, 404 when they cannot even see it), and Watch later
 * keeps its rules (never renamed, deleted, published or given a cover; a video in it at most once).
 */
export class PlaylistsService {
  constructor(
    private readonly repository: PlaylistsRepository,
    private readonly catalog: CatalogService,
    private readonly files: FileStore,
  ) {}

  /** The member's Watch later id; made now if an older account has none (idempotent). */
  watchLaterId(userId: number): Promise<number> {
    return this.repository.ensureWatchLater(userId);
  }

  private async resolveId(id: string, viewer: Viewer): Promise<number> {
    if (id !== WATCH_LATER_ID) {
      if (!PLAYLIST_ID_PATTERN.test(id)) throw notFound('Playlist');
      return Number(id);
    }
    if (!viewer) throw unauthenticated();
    return this.watchLaterId(viewer.id);
  }

  /** A playlist the viewer may see: public, or their own (a private one of someone else does not exist for them). */
  private assertReadable<T extends { public: boolean; ownerId: number }>(row: T | undefined, viewer: Viewer): T {
    if (!row || (!row.public && row.ownerId !== viewer?.id)) throw notFound('Playlist');
    return row;
  }

  private async readable(id: string, viewer: Viewer): Promise<PlaylistAccessRow> {
    return this.assertReadable(await this.repository.findAccess(await this.resolveId(id, viewer)), viewer);
  }

  /** A playlist the viewer owns; someone else's is a 403 when they can see it and a 404 when they cannot. */
  private async owned(id: string, viewer: Viewer): Promise<PlaylistAccessRow> {
    if (!viewer) throw unauthenticated();
    const row = await this.repository.findAccess(await this.resolveId(id, viewer));
    if (!row) throw notFound('Playlist');
    if (row.ownerId !== viewer.id) throw row.public ? notOwner() : notFound('Playlist');
    return row;
  }

  /** 401 / 404 / 403 unless the caller owns the playlist (checked before an upload is read). */
  async assertOwner(id: string, viewer: Viewer): Promise<void> {
    await this.owned(id, viewer);
  }

  private present(row: PlaylistRow, viewer: Viewer): Playlist {
    return presentPlaylist(row, viewer?.id ?? null, row.playlist.ownerId);
  }

  private async reload(id: number, viewer: Viewer): Promise<Playlist> {
    const row = await this.repository.findPlaylist(id, viewer?.id ?? null);
    if (!row) throw notFound('Playlist');
    return this.present(row, viewer);
  }

  async list(query: PlaylistListQuery, viewer: { id: number }): Promise<PlaylistList> {
    const order = ORDERS[query.sort];
    const rows = await this.repository.listPlaylists({
      viewerId: viewer.id,
      following: query.following,
      text: query.q || undefined,
      order,
      after: query.next ? decodeListCursor(query.next, order, order === 'alpha' ? 'text' : 'number') : undefined,
      limit: query.limit,
    });
    const last = rows.at(-1);
    const sortValue = (v: string | number) => (order === 'alpha' ? String(v) : Number(v));
    return {
      items: rows.map((row) => this.present(row, viewer)),
      next: last && rows.length === query.limit ? encodeListCursor(order, { value: sortValue(last.sortValue), id: last.playlist.id }) : null,
      limit: query.limit,
    };
  }

  async get(id: string, viewer: Viewer): Promise<Playlist> {
    const row = await this.repository.findPlaylist(await this.resolveId(id, viewer), viewer?.id ?? null);
    this.assertReadable(row?.playlist, viewer);
    return this.present(row!, viewer);
  }

  async videos(id: string, query: PlaylistVideosQuery, viewer: Viewer): Promise<PlaylistVideos> {
    const playlist = (await this.readable(id, viewer));
    const text = query.q || undefined;
    const [rows, total] = await Promise.all([
      this.repository.pageVideos({
        playlistId: playlist.id,
        text,
        type: query.type,
        after: query.next ? decodeItemCursor(query.next) : undefined,
        limit: query.limit,
      }),
      text || query.type !== 'all' ? this.repository.countVideos(playlist.id, text, query.type) : Promise.resolve(playlist.numberOfVideos),
    ]);
    const inWatchLater = viewer ? await this.repository.inWatchLater(viewer.id, rows.map((r) => r.video.id)) : new Set<number>();
    const last = rows.at(-1);
    return {
      videos: rows.map((row) => presentPlaylistVideo(row, inWatchLater.has(row.video.id))),
      totalResults: total,
      next: last && rows.length === query.limit ? encode([last.position, last.itemId]) : null,
      limit: query.limit,
    };
  }

  async videoExternalIds(id: string, viewer: Viewer): Promise<{ externalIds: string[] }> {
    const playlist = (await this.readable(id, viewer));
    return { externalIds: await this.repository.videoExternalIds(playlist.id) };
  }

  async create(input: CreatePlaylist, viewer: { id: number }): Promise<Playlist> {
    const id = await this.repository.insertPlaylist({ ownerId: viewer.id, name: input.name, description: input.description ?? '' });
    return this.reload(id, viewer);
  }

  async update(id: string, input: UpdatePlaylist, viewer: Viewer): Promise<Playlist> {
    if (!viewer) throw unauthenticated();
    // The usual case in one statement: the member's own playlist, changed where it stands. When nothing was
    // changed, reading the playlist says why (someone else's, Watch later, gone).
    if (PLAYLIST_ID_PATTERN.test(id) && (await this.repository.updateOwnedPlaylist(Number(id), viewer.id, input))) return this.reload(Number(id), viewer);
    const playlist = await this.owned(id, viewer);
    if (playlist.isWatchLater) throw watchLaterFixed('edited');
    throw notFound('Playlist');
  }

  /** A private copy for the caller, entries in the same order; any playlist the caller can see may be copied. */
  async copy(id: string, viewer: Viewer): Promise<Playlist> {
    if (!viewer) throw unauthenticated();
    const source = (await this.readable(id, viewer));
    const copyId = await this.repository.transaction(async (repository) => {
      const created = await repository.insertPlaylist({
        ownerId: viewer.id,
        name: `${source.name} (copy)`.slice(0, 100),
        description: source.description,
        backgroundColor: source.backgroundColor,
      });
      const count = await repository.copyItems(source.id, created);
      await repository.changeCount(created, count);
      return created;
    });
    return this.reload(copyId, viewer);
  }

  async remove(id: string, viewer: Viewer): Promise<void> {
    const playlist = (await this.owned(id, viewer));
    if (playlist.isWatchLater) throw watchLaterFixed('deleted');
    await this.repository.deletePlaylist(playlist.id);
    await this.deleteFile(playlist.thumbnailKey);
  }

  async follow(id: string, viewer: Viewer, following: boolean): Promise<Playlist> {
    if (!viewer) throw unauthenticated();
    const playlist = (await this.readable(id, viewer));
    if (following && playlist.ownerId === viewer.id) throw new HttpError(409, 'You cannot follow your own playlist', 'OWN_PLAYLIST');
    if (following) await this.repository.follow(viewer.id, playlist.id);
    else await this.repository.unfollow(viewer.id, playlist.id);
    return this.reload(playlist.id, viewer);
  }

  async setPublic(id: string, viewer: Viewer, isPublic: boolean): Promise<Playlist> {
    const playlist = (await this.owned(id, viewer));
    if (playlist.isWatchLater) throw watchLaterFixed(isPublic ? 'made public' : 'changed');
    await this.repository.updatePlaylist(playlist.id, { public: isPublic });
    return this.reload(playlist.id, viewer);
  }

  /**
   * Appends a video. The playlist's row lock orders concurrent adds (none is lost, each gets its own position);
   * the unique (playlist, video) index refuses a second copy of a video: 409.
   */
  async addVideo(id: string, input: AddPlaylistVideo, viewer: Viewer): Promise<{ itemId: number; video: Video }> {
    const playlist = (await this.owned(id, viewer));
    const video = await this.catalog.getVideo(input.externalId);
    const itemId = await this.repository.transaction(async (repository) => {
      if (!(await repository.lockPlaylist(playlist.id))) throw notFound('Playlist');
      const last = await repository.lastPosition(playlist.id);
      const inserted = await repository.insertItem(playlist.id, video.id, (last ?? 0) + POSITION_GAP);
      if (inserted === undefined) throw new HttpError(409, `This video is already in ${playlist.name}`, 'ALREADY_IN_PLAYLIST');
      await repository.changeCount(playlist.id, 1);
      return inserted;
    });
    return { itemId, video: { ...video, itemId, watchLater: playlist.isWatchLater || video.watchLater } };
  }

  /**
   * A playlist from an import (issue 16): into Watch later, or into the member's playlist of that name (made now,
   * private and flagged imported, when there is none). The videos it lacks are appended in the file's order in one
   * transaction under the playlist's lock, so the import adds all of them or none, and a second import adds nothing.
   */
  async importInto(
    ownerId: number,
    target: { name: string; description?: string | undefined; public?: boolean | undefined; watchLater?: boolean | undefined },
    videoIds: number[],
  ): Promise<{ created: boolean; added: number }> {
    let id = target.watchLater ? await this.watchLaterId(ownerId) : await this.repository.findOwnedByName(ownerId, target.name);
    const created = id === undefined;
    id ??= await this.repository.insertPlaylist({
      ownerId,
      name: target.name,
      description: target.description ?? '',
      public: target.public ?? false,
      imported: true,
      importStatus: 'CREATED',
    });
    return { created, added: await this.appendMissing(id, videoIds) };
  }

  /**
   * Appends the videos the playlist lacks, in this order, in one transaction under its lock: all of them or none,
   * and a second run adds nothing. Answers how many were added (0 when the playlist was deleted meanwhile).
   */
  private appendMissing(playlistId: number, videoIds: number[]): Promise<number> {
    return this.repository.transaction(async (repository) => {
      if (!(await repository.lockPlaylist(playlistId))) return 0;
      const count = await repository.appendItems(playlistId, [...new Set(videoIds)], (await repository.lastPosition(playlistId)) ?? 0, POSITION_GAP);
      if (count > 0) await repository.changeCount(playlistId, count);
      return count;
    });
  }

  // ----- imports from the member's video-service account (issue 16 §1, decisions/017) ----------------------------

  /**
   * A playlist of the member's video-service account, about to be imported: the Sift playlist made from it before
   * (a second import fills the same one), or a new private one flagged imported. `started` says it is PENDING now
   * (the caller sends its job); false when an import of it is already waiting or under way.
   */
  async beginServiceImport(ownerId: number, source: { servicePlaylistId: string; name: string; description: string }): Promise<ServicePlaylistImport & { started: boolean }> {
    let [row] = await this.repository.findServiceImports(ownerId, source.servicePlaylistId);
    let started = false;
    if (!row) {
      await this.repository.insertServiceImport({
        ownerId,
        servicePlaylistId: source.servicePlaylistId,
        name: source.name.trim().slice(0, PLAYLIST_NAME_MAX) || 'Imported playlist',
        description: source.description.trim().slice(0, PLAYLIST_DESCRIPTION_MAX),
      });
      [row] = await this.repository.findServiceImports(ownerId, source.servicePlaylistId);
      started = row?.importStatus === 'PENDING';
    } else {
      started = await this.repository.restartServiceImport(row.id, SERVICE_IMPORT_STALE_MINUTES);
      if (started) row = { ...row, importStatus: 'PENDING', importProgress: 0 };
    }
    if (!row) throw notFound('Playlist');
    return { ...presentServiceImport(row), started };
  }

  /** The import job's start: PENDING → PROCESSING, once; undefined when it is not waiting (taken, or deleted). */
  async claimServiceImport(playlistId: number): Promise<ServicePlaylistImport & { ownerId: number } | undefined> {
    const row = await this.repository.claimServiceImport(playlistId);
    return row ? { ...presentServiceImport(row), ownerId: row.ownerId } : undefined;
  }

  async reportServiceImport(playlistId: number, state: { status?: 'CREATED' | 'FAILED'; progress?: number }): Promise<void> {
    await this.repository.setServiceImportState(playlistId, {
      ...state,
      ...(state.progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(state.progress))) }),
    });
  }

  /** The import's videos (our ids, in the service's order) appended to its playlist; answers how many were new. */
  appendServiceImport(playlistId: number, videoIds: number[]): Promise<number> {
    return this.appendMissing(playlistId, videoIds);
  }

  /** Every playlist the member imported from their account, or the one named by its service id or our id. */
  async serviceImports(ownerId: number, ref?: string): Promise<ServicePlaylistImport[]> {
    return (await this.repository.findServiceImports(ownerId, ref)).map(presentServiceImport);
  }

  /** Moves one entry to `position` (0 = first): it takes the midpoint of its new neighbours, one row written. */
  async moveVideo(id: string, input: MovePlaylistVideo, viewer: Viewer): Promise<void> {
    const playlist = (await this.owned(id, viewer));
    await this.repository.transaction(async (repository) => {
      const locked = await repository.lockPlaylist(playlist.id);
      if (!locked) throw notFound('Playlist');
      const item = await repository.findItem(playlist.id, input.itemId);
      if (!item) throw new HttpError(404, `Entry ${input.itemId} is not in ${playlist.name}`, 'NOT_FOUND');
      const index = Math.min(input.position, locked.numberOfVideos - 1);
      let target = await this.targetPosition(repository, playlist.id, index, item.id);
      if (target === null) {
        await repository.renumber(playlist.id);
        target = await this.targetPosition(repository, playlist.id, index, item.id);
      }
      if (target !== null && target !== item.position) await repository.setItemPosition(item.id, target);
    });
  }

  /** Where an entry moved to `index` goes, or null when its neighbours are too close to fit between. */
  private async targetPosition(repository: PlaylistsRepository, playlistId: number, index: number, itemId: number): Promise<number | null> {
    const { before, after } = await repository.neighboursAt(playlistId, index, itemId);
    if (!before && !after) return POSITION_GAP;
    if (!before) return after!.position - POSITION_GAP;
    if (!after) return before.position + POSITION_GAP;
    if (after.position - before.position < MIN_POSITION_GAP) return null;
    return before.position + (after.position - before.position) / 2;
  }

  async removeVideo(id: string, videoId: string, viewer: Viewer): Promise<void> {
    const playlist = (await this.owned(id, viewer));
    await this.repository.transaction(async (repository) => {
      if (!(await repository.lockPlaylist(playlist.id))) throw notFound('Playlist');
      if (!(await repository.deleteItemByVideo(playlist.id, videoId))) {
        throw new HttpError(404, `This video is not in ${playlist.name}`, 'NOT_FOUND');
      }
      await repository.changeCount(playlist.id, -1);
    });
  }

  /** A new cover: checked and re-encoded to 300×300 JPEG, stored under a new key (so URLs can be cached forever). */
  async setImage(id: string, bytes: Buffer, viewer: Viewer): Promise<Playlist> {
    const playlist = (await this.owned(id, viewer));
    if (playlist.isWatchLater) throw watchLaterFixed('edited');
    const image = await prepareCoverImage(bytes);
    const key = `playlists/${playlist.id}-${randomBytes(6).toString('hex')}.jpg`;
    await this.files.put(key, image, 'image/jpeg');
    await this.repository.updatePlaylist(playlist.id, { thumbnail: this.files.url(key), thumbnailKey: key, thumbnailType: 'custom' });
    await this.deleteFile(playlist.thumbnailKey);
    return this.reload(playlist.id, viewer);
  }

  async removeImage(id: string, viewer: Viewer): Promise<Playlist> {
    const playlist = (await this.owned(id, viewer));
    if (playlist.thumbnailType === 'auto') throw new HttpError(409, 'This playlist has no custom image to remove', 'IMAGE_AUTO');
    await this.repository.updatePlaylist(playlist.id, { thumbnail: null, thumbnailKey: null, thumbnailType: 'auto' });
    await this.deleteFile(playlist.thumbnailKey);
    return this.reload(playlist.id, viewer);
  }

  /**
   * Every playlist the member owns (Watch later first) with its videos in order, for the personal-data export: two
   * statements however many playlists and entries there are.
   */
  async exportOwned(userId: number): Promise<PlaylistExport[]> {
    const [lists, entries] = await Promise.all([this.repository.ownedForExport(userId), this.repository.ownedEntriesForExport(userId)]);
    const videosOf = new Map<number, PlaylistExport['videos']>(lists.map((p) => [p.id, []]));
    for (const e of entries) videosOf.get(e.playlistId)?.push({ externalId: e.externalId, title: e.title });
    return lists.map((p) => ({
      name: p.name,
      description: p.description,
      public: p.public,
      watchLater: p.isWatchLater,
      videos: videosOf.get(p.id) ?? [],
    }));
  }

  /** A cover no row points at any more; a failure leaves an orphan file, never a broken playlist. */
  private async deleteFile(key: string | null): Promise<void> {
    if (!key) return;
    await this.files.delete(key).catch(() => undefined);
  }
}
