import type { AccountPlaylistImport, AccountPlaylistImports, AccountPlaylistList } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../../infra/http/errors.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { VideoServiceUnavailableError, withRetries } from '../../providers/video-service-errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { PlaylistsService, ServicePlaylistImport } from '../playlists/playlists.service.js';
import type { SiftsService } from '../sifts/sifts.service.js';
import { presentAccountPlaylist, presentPlaylistImport } from './youtube-account.presenter.js';
import { MAX_LIST_PAGES, readAllPages, type YouTubeAccountService } from './youtube-account.service.js';

export const ACCOUNT_PLAYLIST_IMPORT_JOB = 'youtube-playlist-import';
/** Videos looked up at a time: a database read, and for the ones not stored at most 10 Data API units. */
const VIDEO_CHUNK = 500;

/** Where the progress of one import stands after each step (SPEC §4: 0–100). */
const PROGRESS = { listed: 45, stored: 90 } as const;

/** The playlist could not be read (deleted, or made private by someone else): the import fails, no retry. */
class PlaylistUnreadableError extends Error {}

export interface AccountPlaylistsDependencies {
  playlists: PlaylistsService;
  catalog: CatalogService;
  sifts: SiftsService;
  jobs: JobQueue;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The playlists of a member's YouTube account (issue 16 §1): listed with whether each was imported, and imported one
 * job each into a private Sift playlist tied to it by YouTube's id (a second import fills the same playlist with what
 * it lacks). Each import goes PENDING → PROCESSING → CREATED or FAILED on the playlist's row, with progress 0–100.
 */
export class AccountPlaylistsService {
  constructor(
    private readonly account: YouTubeAccountService,
    private readonly deps: AccountPlaylistsDependencies,
  ) {
    void deps.jobs.work<{ playlistId: number }>(ACCOUNT_PLAYLIST_IMPORT_JOB, ({ playlistId }) => this.run(playlistId));
  }

  /** GET /api/providers/youtube/playlists: every playlist of the account (Watch Later and History are not readable). */
  async list(userId: number): Promise<AccountPlaylistList> {
    const playlists = await this.account.withAccount(userId, (account) => readAllPages((pageToken) => account.playlists(pageToken)));
    const imports = new Map((await this.deps.playlists.serviceImports(userId)).map((i) => [i.servicePlaylistId, i]));
    const items = playlists.map((p) => presentAccountPlaylist(p, imports.get(p.externalId)));
    return { items, totalResults: items.length };
  }

  /**
   * POST /api/providers/youtube/playlists: one import each, PENDING until its job runs; a playlist already being
   * imported is answered as it stands. Every id must be one of the account's playlists (400 otherwise, nothing started).
   */
  async startImports(userId: number, ids: string[]): Promise<AccountPlaylistImports> {
    const owned = new Map((await this.account.withAccount(userId, (account) => readAllPages((pageToken) => account.playlists(pageToken)))).map((p) => [p.externalId, p]));
    const wanted = [...new Set(ids)];
    const unknown = wanted.flatMap((id) => (owned.has(id) ? [] : [{ field: `ids.${ids.indexOf(id)}`, message: `${id} is not one of your YouTube playlists` }]));
    if (unknown.length > 0) throw new HttpError(400, 'Some of these are not playlists of your YouTube account.', 'VALIDATION', unknown);
    const items: AccountPlaylistImport[] = [];
    for (const id of wanted) {
      const source = owned.get(id)!;
      const state = await this.deps.playlists.beginServiceImport(userId, { servicePlaylistId: id, name: source.name, description: source.description });
      if (state.started) await this.deps.jobs.send(ACCOUNT_PLAYLIST_IMPORT_JOB, { playlistId: state.id }, { singletonKey: String(state.id) });
      items.push(presentPlaylistImport(state));
    }
    return { items };
  }

  /** GET /api/providers/youtube/playlists/{id}/status, by YouTube's playlist id or Sift's: the member's own only. */
  async status(userId: number, ref: string): Promise<AccountPlaylistImport> {
    const [state] = await this.deps.playlists.serviceImports(userId, ref);
    if (!state) throw notFound('Playlist import');
    return presentPlaylistImport(state);
  }

  /** The job: reads the playlist's pages with the member's token, stores its videos, appends them in its order. */
  async run(playlistId: number): Promise<void> {
    const target = await this.deps.playlists.claimServiceImport(playlistId);
    if (!target) return; // taken by another worker, not waiting any more, or deleted
    try {
      // Passing failures of YouTube are tried again; every step finds what the last attempt did.
      await withRetries(() => this.fill(target));
      await this.deps.playlists.reportServiceImport(target.id, { status: 'CREATED', progress: 100 });
    } catch (error) {
      const expected = error instanceof VideoServiceUnavailableError || error instanceof PlaylistUnreadableError || (error instanceof HttpError && error.status < 500);
      if (!expected) this.deps.log.error({ err: error, playlistId }, 'YouTube playlist import failed');
      else this.deps.log.warn({ playlistId, reason: (error as Error).message }, 'YouTube playlist import failed');
      await this.deps.playlists.reportServiceImport(target.id, { status: 'FAILED' });
    }
  }

  private async fill(target: ServicePlaylistImport & { ownerId: number }): Promise<void> {
    const report = (progress: number) => this.deps.playlists.reportServiceImport(target.id, { progress });

    // 1. The playlist's video ids in its order (0–45 %), with the member's token: their private playlists too.
    const videoIds = await this.account.withAccount(target.ownerId, async (account) => {
      const ids: string[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        const result = await account.playlistVideos(target.servicePlaylistId, pageToken);
        if (!result) throw new PlaylistUnreadableError(`YouTube playlist ${target.servicePlaylistId} is gone or may not be read`);
        ids.push(...result.items);
        await report((ids.length / Math.max(1, result.totalResults, ids.length)) * PROGRESS.listed);
        if (!result.nextPageToken) break;
        pageToken = result.nextPageToken;
      }
      return [...new Set(ids)];
    });

    // 2. The videos (45–90 %): stored ones from the database, the rest from YouTube 50 a unit; deleted and private
    //    ones are left out. New ones join the sifts they match, as any arrival does.
    const ours = new Map<string, number>();
    for (let i = 0; i < videoIds.length; i += VIDEO_CHUNK) {
      const { ids, stored } = await this.deps.catalog.ensureVideos(videoIds.slice(i, i + VIDEO_CHUNK));
      for (const [externalId, id] of ids) ours.set(externalId, id);
      if (stored.length > 0) await this.deps.sifts.onVideosArrived(stored);
      await report(PROGRESS.listed + Math.min(1, (i + VIDEO_CHUNK) / Math.max(1, videoIds.length)) * (PROGRESS.stored - PROGRESS.listed));
    }

    // 3. Appended in the playlist's order, in one transaction (90–100 %).
    await this.deps.playlists.appendServiceImport(target.id, videoIds.flatMap((id) => ours.get(id) ?? []));
  }
}
