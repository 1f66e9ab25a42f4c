import type { NewPipeSubscriptions } from '@sift/contracts';
import type { HistoryService } from '../history/history.service.js';
import type { SiftExportDocument } from '../imports/formats/sift-export-document.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import type { SiftsService } from '../sifts/sifts.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import { buildDataZip } from './data-zip.js';
import { newPipeSubscriptions } from './newpipe.js';
import { renderSubscriptionsOpml } from './opml.js';

/** What the exports read, each through its own module's service. */
export interface ExportSources {
  users: Pick<UsersService, 'exportProfile'>;
  subscriptions: Pick<SubscriptionsService, 'exportFollows'>;
  playlists: Pick<PlaylistsService, 'exportOwned'>;
  sifts: Pick<SiftsService, 'exportOwned'>;
  history: Pick<HistoryService, 'exportHistory'>;
}

/** A file to download: its bytes (or text) and the name the browser saves it under. */
export interface ExportFile<T> {
  body: T;
  fileName: string;
}

/** yyyy-mm-dd of a moment, in UTC. */
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The member's exports (issue 16 §3 "Take it out"): their follows for other apps (OPML, NewPipe) and everything
 * they made as one zip that Sift's import reads back. Only the caller's own data; a fixed number of statements
 * whatever its size (one per kind), built in memory: a member with thousands of follows and entries is a few MB.
 */
export class ExportsService {
  constructor(
    private readonly sources: ExportSources,
    private readonly appName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /api/me/exports/subscriptions.opml */
  async subscriptionsOpml(userId: number): Promise<ExportFile<string>> {
    const { channels } = await this.sources.subscriptions.exportFollows(userId);
    const body = renderSubscriptionsOpml(channels, { title: `${this.appName} subscriptions`, dateCreated: this.now() });
    return { body, fileName: 'sift-subscriptions.opml' };
  }

  /** GET /api/me/exports/newpipe.json */
  async newPipe(userId: number): Promise<ExportFile<NewPipeSubscriptions>> {
    const { channels } = await this.sources.subscriptions.exportFollows(userId);
    return { body: newPipeSubscriptions(channels), fileName: 'sift-newpipe-subscriptions.json' };
  }

  /** sift-export.json: the heart of the data export. */
  async document(userId: number): Promise<SiftExportDocument> {
    const exportedAt = this.now();
    const [profile, follows, playlists, sifts] = await Promise.all([
      this.sources.users.exportProfile(userId),
      this.sources.subscriptions.exportFollows(userId),
      this.sources.playlists.exportOwned(userId),
      this.sources.sifts.exportOwned(userId),
    ]);
    return { format: 'Sift', version: 1, exportedAt: exportedAt.toISOString(), profile, follows, playlists, sifts };
  }

  /** GET /api/me/exports/data.zip */
  async dataZip(userId: number): Promise<ExportFile<Uint8Array>> {
    const [document, history] = await Promise.all([this.document(userId), this.sources.history.exportHistory(userId)]);
    return { body: buildDataZip(document, history, this.appName), fileName: `sift-data-${day(new Date(document.exportedAt))}.zip` };
  }
}
