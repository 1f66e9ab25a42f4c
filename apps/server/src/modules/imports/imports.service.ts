import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  SIFT_DESCRIPTION_MAX,
  SIFT_NAME_MAX,
  type ImportCounts,
  type ImportSkipped,
  type ImportStarted,
  type MemberImport,
} from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../../infra/http/errors.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { VideoServiceUnavailableError, withRetries } from '../../providers/video-service-errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { HistoryService } from '../history/history.service.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import type { SiftsService } from '../sifts/sifts.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { ImportFileError, type BundleChannel, type ImportBundle } from './formats/bundle.js';
import { MAX_SKIPPED_LISTED, SKIP_REASONS, skippedItemText } from './formats/index.js';
import { ImportParser } from './import-parser.js';
import type { ImportsRepository, MemberImportRow } from './imports.repository.js';
import { presentImport } from './imports.presenter.js';

export const MEMBER_IMPORT_JOB = 'member-import';

/** Ids looked up at a time: a chunk is one database read and, for the ones not stored, 10 Data API units at most. */
const LOOKUP_CHUNK = 500;

export const IMPORT_SKIP_REASONS = {
  unknownChannel: 'unknown channel (deleted, or not on the video service)',
  unknownVideo: 'deleted or private video',
  siftFull: 'a sift holds at most 200 channels',
  emptyGroup: 'none of its channels could be found',
  historyUnknown: 'deleted, private, or not on the video service',
  historyPaused: 'your watch history is paused (Watch history → Resume history, then import again)',
} as const;

/** What the import needs of the rest of the app (the composition root hands these over). */
export interface ImportCollaborators {
  catalog: CatalogService;
  subscriptions: SubscriptionsService;
  playlists: PlaylistsService;
  sifts: SiftsService;
  history: Pick<HistoryService, 'importWatched' | 'settings'>;
  jobs: JobQueue;
  /** Called after channels are followed, so their uploads are read at once rather than at the next refresh tick. */
  onChannelsFollowed: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Counts, skipped rows and progress of one run, written to the row as it goes. */
class ImportRun {
  readonly counts: ImportCounts = { channels: 0, playlists: 0, videos: 0, sifts: 0, history: 0 };
  readonly skipped: ImportSkipped[];
  private more = 0;

  constructor(
    private readonly id: number,
    private readonly repository: ImportsRepository,
    skippedByParser: ImportSkipped[],
  ) {
    this.skipped = [...skippedByParser];
  }

  skip(item: string, reason: string): void {
    if (this.skipped.length < MAX_SKIPPED_LISTED) this.skipped.push({ item: skippedItemText(item), reason });
    else this.more++;
  }

  shownSkipped(): ImportSkipped[] {
    return this.more > 0 ? [...this.skipped, { item: `…and ${this.more} more`, reason: SKIP_REASONS.unlisted }] : this.skipped;
  }

  report(progress: number): Promise<void> {
    return this.repository.progress(this.id, Math.min(99, Math.round(progress)), this.counts, this.shownSkipped());
  }
}

const channelLabel = (c: BundleChannel) => (c.name ? `${c.name} (${c.externalId})` : c.externalId);
const clip = (text: string | undefined, max: number) => (text ?? '').trim().slice(0, max);

/**
 * Imports of export files (issue 16 §2, decisions/016). `start` reads the file at once, so a file Sift cannot read
 * is a 4xx and leaves nothing behind; the `member-import` job then applies it: channels are followed, playlists
 * filled (Watch later merged), groups of channels become sifts. Every step is idempotent, so a second import of
 * the same file adds nothing, and a run that fails half-way can simply be started again.
 */
export class ImportsService {
  private readonly parser: ImportParser;
  /** Members whose file is being read on this node: one at a time, so nobody can fill the readers' queue alone. */
  private readonly reading = new Set<number>();

  constructor(
    private readonly repository: ImportsRepository,
    private readonly app: ImportCollaborators,
  ) {
    this.parser = new ImportParser({ log: app.log });
    void app.jobs.work<{ importId: number }>(MEMBER_IMPORT_JOB, ({ importId }) => this.run(importId));
  }

  async start(userId: number, file: Uint8Array): Promise<ImportStarted> {
    const underWay = () => new HttpError(409, 'An import is already under way. Wait for it to finish, then import the next file.', 'IMPORT_UNDER_WAY');
    // One file of a member at a time on this node, from the check to the stored row: nobody fills the readers alone.
    if (this.reading.has(userId)) throw underWay();
    this.reading.add(userId);
    try {
      if (await this.repository.hasUnfinished(userId)) throw underWay();
      const bundle = await this.read(file);
      const row = await this.repository.insert(userId, bundle);
      await this.app.jobs.send(MEMBER_IMPORT_JOB, { importId: row.id });
      return { id: row.id, status: 'PENDING', format: bundle.format };
    } finally {
      this.reading.delete(userId);
    }
  }

  /** The file read in a worker thread; a file Sift cannot read is a 413 or 422 that names the field. */
  private async read(file: Uint8Array): Promise<ImportBundle> {
    try {
      return await this.parser.parse(file);
    } catch (error) {
      if (error instanceof ImportFileError) {
        throw new HttpError(error.code === 'IMPORT_TOO_LARGE' ? 413 : 422, error.message, error.code, [{ field: 'file', message: error.message }]);
      }
      throw error;
    }
  }

  /** Lets the file readers' threads go (the app's onClose). */
  close(): Promise<void> {
    return this.parser.close();
  }

  /** GET /api/me/imports/{id}: only its owner may read it (anyone else gets a 404, as if it did not exist). */
  async get(id: number, userId: number): Promise<MemberImport> {
    const row = await this.repository.findOwned(id, userId);
    if (!row) throw notFound('Import');
    return presentImport(row);
  }

  /** The job: PENDING → PROCESSING → CREATED, or FAILED with what went wrong (what was applied stays). */
  async run(importId: number): Promise<void> {
    const row = await this.repository.start(importId);
    if (!row) return; // taken by another worker, finished, or deleted with its member
    const run = new ImportRun(row.id, this.repository, (row.bundle as ImportBundle | null)?.skipped ?? []);
    try {
      // Passing failures of the video service are tried again; the steps are idempotent, so counts stay right.
      await withRetries(() => this.apply(row, run));
      await this.repository.finish(row.id, 'CREATED', run.counts, run.shownSkipped(), null);
    } catch (error) {
      const message =
        error instanceof VideoServiceUnavailableError
          ? `${error.message} What was imported stays; import the file again later to finish.`
          : 'The import stopped on an unexpected error. What was imported stays; import the file again to finish.';
      if (!(error instanceof VideoServiceUnavailableError)) this.app.log.error({ err: error, importId }, 'Import failed');
      await this.repository.finish(row.id, 'FAILED', run.counts, run.shownSkipped(), message);
    }
  }

  private async apply(row: MemberImportRow, run: ImportRun): Promise<void> {
    const bundle = row.bundle as ImportBundle;
    const userId = row.userId;

    // 1. Channels (0–40 %): every channel the file names, stored or fetched 50 to a call.
    const wanted = new Map<string, BundleChannel>();
    for (const c of [...bundle.channels, ...bundle.sifts.flatMap((s) => s.channels)]) if (!wanted.has(c.externalId)) wanted.set(c.externalId, c);
    const ids = [...wanted.keys()];
    const found = new Map<string, { id: number; name: string }>();
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
      for (const [externalId, channel] of await this.app.catalog.ensureChannels(ids.slice(i, i + LOOKUP_CHUNK))) found.set(externalId, channel);
      await run.report(((i + LOOKUP_CHUNK) / Math.max(1, ids.length)) * 40);
    }
    for (const [externalId, channel] of wanted) if (!found.has(externalId)) run.skip(channelLabel(channel), IMPORT_SKIP_REASONS.unknownChannel);

    // 2. Follows (40–45 %): one statement; their uploads come with the refresh, read first because never read.
    const follow = bundle.channels.flatMap((c) => found.get(c.externalId)?.id ?? []);
    run.counts.channels = await this.app.subscriptions.followStoredChannels(userId, follow);
    if (run.counts.channels > 0) await this.app.onChannelsFollowed();
    await run.report(45);

    // 3. Videos of the playlists and of the watch history (45–85 %): stored or fetched 50 to a call (a 25,000-video
    // history is 500 Data API units); new ones join the sifts they match. Paused history reads none of its videos.
    const history = bundle.history ?? [];
    const historyPaused = history.length > 0 && (await this.app.history.settings(userId)).paused;
    const videoIds = [...new Set([...bundle.playlists.flatMap((p) => p.videos.map((v) => v.externalId)), ...(historyPaused ? [] : history.map((h) => h.externalId))])];
    const videos = new Map<string, number>();
    for (let i = 0; i < videoIds.length; i += LOOKUP_CHUNK) {
      const { ids: chunk, stored } = await this.app.catalog.ensureVideos(videoIds.slice(i, i + LOOKUP_CHUNK));
      for (const [externalId, id] of chunk) videos.set(externalId, id);
      if (stored.length > 0) await this.app.sifts.onVideosArrived(stored);
      await run.report(45 + ((i + LOOKUP_CHUNK) / Math.max(1, videoIds.length)) * 40);
    }

    // 4. Playlists (85–95 %): each in one transaction, into Watch later or the member's playlist of that name.
    for (const [index, playlist] of bundle.playlists.entries()) {
      const name = clip(playlist.name, PLAYLIST_NAME_MAX) || 'Imported playlist';
      for (const v of playlist.videos) if (!videos.has(v.externalId)) run.skip(`${v.title ? `${v.title} (${v.externalId})` : v.externalId} in ${name}`, IMPORT_SKIP_REASONS.unknownVideo);
      const entries = playlist.videos.flatMap((v) => videos.get(v.externalId) ?? []);
      const { created, added } = await this.app.playlists.importInto(
        userId,
        { name, description: clip(playlist.description, PLAYLIST_DESCRIPTION_MAX), public: playlist.public, watchLater: playlist.watchLater },
        entries,
      );
      if (created) run.counts.playlists++;
      run.counts.videos += added;
      await run.report(85 + ((index + 1) / bundle.playlists.length) * 10);
    }

    // 5. Watch history: the videos found, in a few statements; the ones not found are one line of the report. Paused
    // (before the look-ups, or since): nothing recorded, one line that says why.
    const skipPausedHistory = () => run.skip(`Watch history (${history.length} ${history.length === 1 ? 'video' : 'videos'})`, IMPORT_SKIP_REASONS.historyPaused);
    if (historyPaused) skipPausedHistory();
    else if (history.length > 0) {
      const found = history.flatMap((h) => {
        const videoId = videos.get(h.externalId);
        if (videoId === undefined) return [];
        const watchedAt = h.watchedAt ? new Date(h.watchedAt) : undefined;
        return [{ videoId, ...(watchedAt && !Number.isNaN(watchedAt.getTime()) ? { watchedAt } : {}), position: h.position, duration: h.duration, watched: h.watched }];
      });
      const missing = history.length - found.length;
      if (missing > 0) run.skip(`Watch history: ${missing} ${missing === 1 ? 'video' : 'videos'}`, IMPORT_SKIP_REASONS.historyUnknown);
      const added = await this.app.history.importWatched(userId, found);
      if (added === 'paused') skipPausedHistory();
      else run.counts.history = added;
    }

    // 6. Groups of channels (95–100 %): each a sift of the channels found, private unless the export said public.
    for (const group of bundle.sifts) {
      const name = clip(group.name, SIFT_NAME_MAX) || 'Imported sift';
      const channels = group.channels.flatMap((c) => {
        const stored = found.get(c.externalId);
        return stored ? [{ externalId: c.externalId, name: stored.name }] : [];
      });
      if (channels.length === 0) {
        run.skip(`Sift ${name}`, IMPORT_SKIP_REASONS.emptyGroup);
        continue;
      }
      try {
        const { created, overflow } = await this.app.sifts.importGroup(userId, {
          name,
          description: clip(group.description, SIFT_DESCRIPTION_MAX),
          public: group.public ?? false,
          ...(group.category ? { category: group.category } : {}),
          channels,
          ...(group.keywords ? { keywords: group.keywords } : {}),
          ...(group.filters ? { filters: group.filters } : {}),
        });
        if (created) run.counts.sifts++;
        for (const externalId of overflow) run.skip(`${channelLabel(wanted.get(externalId) ?? { externalId })} in ${name}`, IMPORT_SKIP_REASONS.siftFull);
      } catch (error) {
        // Rules an export carried that Sift refuses (a keyword too long, say): that sift is skipped, the rest goes on.
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        run.skip(`Sift ${name}`, error.message);
      }
    }
  }
}
