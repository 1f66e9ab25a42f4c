import type { Services } from '../app.js';
import { withRetries } from '../providers/video-service-errors.js';

/** Job names of follows and notifications (decisions/012, 013, 015). */
export const NEW_VIDEO_JOBS = {
  /** Scheduled every refreshTickMinutes: claims the tick's share of due channels and queues them in groups. */
  refreshDue: 'channels-refresh-due',
  /** A group of channels: new uploads from the video service → stored once → sifts → notifications. */
  refreshChannels: 'channels-refresh',
  /** Scheduled every minute: builds the digests of finished periods and sends the built ones. */
  dispatch: 'notifications-dispatch',
  /** Scheduled hourly, works every RECENT_REFRESH.everyHours: recent videos' details; gone ones marked unavailable. */
  refreshRecent: 'videos-refresh-recent',
} as const;

/**
 * Channels per refresh job. The new ids of a whole job go to videos.list together (50 a call, whichever channels
 * they are of), so a tick's news costs one unit rather than one per small group; 500 feeds take about 10 s, 8 at a
 * time, and several processes still split a large tick between them.
 */
export const REFRESH_GROUP = 500;
/** Claimed per tick at least, so a small instance refreshes everything due at once. */
const MIN_CLAIM = 50;
/** The slow refresh: every 12 hours, the videos of the last 2 days (at most 2,500: 50 units a run, 100 a day). */
export const RECENT_REFRESH = { everyHours: 12, days: 2, limit: 2500 } as const;
export interface RefreshSettings {
  /** A refreshed channel is asked for new uploads at most this often (CHANNEL_REFRESH_MINUTES). */
  refreshMinutes: number;
}

/**
 * New videos of some channels, end to end: ask the video service (catalog), store each video once, let every sift
 * with the channel evaluate them, queue notifications for channel and sift followers. Answers the new video ids.
 */
export async function refreshChannels(services: Services, externalIds: string[]): Promise<number[]> {
  const ids = await services.catalog.refreshUploads(externalIds);
  if (ids.length === 0) return ids;
  const matches = await services.sifts.onVideosArrived(ids);
  await services.notifications.queueNew(ids, matches);
  return ids;
}

/** One channel's refresh (tests and callers that have one channel). */
export function refreshFollowedChannel(services: Services, externalId: string): Promise<number[]> {
  return refreshChannels(services, [externalId]);
}

/**
 * Minutes between two claims: the largest divisor of the period up to 5 (15 → 5, 6 → 3, 4 → 4). Each claim's new
 * ids cost one videos.list unit when there are any, so fewer, larger claims cost fewer units (at most 288 a day at
 * 5 minutes) while still spreading a period's work over it (decisions/015).
 */
export function refreshTickMinutes(refreshMinutes: number): number {
  for (let tick = Math.min(5, refreshMinutes); tick > 1; tick--) if (refreshMinutes % tick === 0) return tick;
  return 1;
}

/**
 * The work of one tick: the channels due (followed, or in a sift, not refreshed for `refreshMinutes`), at most the
 * tick's share of them, so a period's refreshes spread over it rather than arrive at once. Claimed in the database,
 * so two processes never take the same channel; queued in groups of REFRESH_GROUP.
 */
export async function queueDueRefreshes(services: Services, settings: RefreshSettings, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - settings.refreshMinutes * 60_000);
  const ticksPerPeriod = settings.refreshMinutes / refreshTickMinutes(settings.refreshMinutes);
  const share = (total: number) => Math.max(MIN_CLAIM, Math.ceil(total / ticksPerPeriod));
  const due = await services.subscriptions.claimChannelsToRefresh(before, now, share);
  for (let i = 0; i < due.length; i += REFRESH_GROUP) {
    await services.jobs.send(NEW_VIDEO_JOBS.refreshChannels, { externalIds: due.slice(i, i + REFRESH_GROUP).map((c) => c.externalId) });
  }
  return due.length;
}

/** Registers the handlers (every process that works jobs). */
export async function registerNewVideoJobs(services: Services, settings: RefreshSettings): Promise<void> {
  await services.jobs.work(NEW_VIDEO_JOBS.refreshDue, async () => {
    await queueDueRefreshes(services, settings);
  });
  await services.jobs.work<{ externalIds: string[] }>(NEW_VIDEO_JOBS.refreshChannels, async ({ externalIds }) => {
    await withRetries(() => refreshChannels(services, externalIds));
  });
  await services.jobs.work(NEW_VIDEO_JOBS.dispatch, async () => {
    await services.notifications.dispatch();
  });
  await services.jobs.work(NEW_VIDEO_JOBS.refreshRecent, async () => {
    if (new Date().getUTCHours() % RECENT_REFRESH.everyHours !== 0) return;
    await withRetries(() => services.catalog.refreshRecentVideos(RECENT_REFRESH.days, RECENT_REFRESH.limit));
  });
}

/** Starts the schedules (main.ts; tests run the steps directly). */
export async function scheduleNewVideoJobs(services: Services, settings: RefreshSettings & { remote: boolean }): Promise<void> {
  await services.jobs.every(NEW_VIDEO_JOBS.refreshDue, refreshTickMinutes(settings.refreshMinutes));
  await services.jobs.every(NEW_VIDEO_JOBS.dispatch, 1);
  if (settings.remote) await services.jobs.every(NEW_VIDEO_JOBS.refreshRecent, 60);
}
