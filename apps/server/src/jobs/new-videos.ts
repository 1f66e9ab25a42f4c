import type { Services } from '../app.js';

/** Job names of follows and notifications (decisions/012, 013). */
export const NEW_VIDEO_JOBS = {
  /** Scheduled: finds the followed channels due for a refresh and queues one refresh each. */
  refreshDue: 'channels-refresh-due',
  /** One channel: new uploads from the video service → stored once → sifts → notifications. */
  refreshChannel: 'channel-refresh',
  /** Scheduled every minute: builds the digests of finished periods and sends the built ones. */
  dispatch: 'notifications-dispatch',
} as const;

export interface RefreshSettings {
  /** A followed channel is asked for new uploads at most this often. */
  refreshMinutes: number;
  /** Channels queued per tick (the rest wait for the next tick, least recently refreshed first). */
  batch?: number;
}

/**
 * New videos of one channel, end to end: ask the video service (catalog), store each video once, let every sift
 * with the channel evaluate them, queue notifications for channel and sift followers. Answers the new video ids.
 */
export async function refreshFollowedChannel(services: Services, externalId: string): Promise<number[]> {
  const ids = await services.catalog.fetchNewUploads(externalId);
  if (ids.length === 0) return ids;
  const matches = await services.sifts.onVideosArrived(ids);
  await services.notifications.queueNew(ids, matches);
  return ids;
}

export async function queueDueRefreshes(services: Services, settings: RefreshSettings, now = new Date()): Promise<number> {
  const due = await services.subscriptions.channelsToRefresh(new Date(now.getTime() - settings.refreshMinutes * 60_000), settings.batch ?? 500);
  for (const channel of due) {
    await services.jobs.send(NEW_VIDEO_JOBS.refreshChannel, { externalId: channel.externalId }, { singletonKey: channel.externalId });
  }
  return due.length;
}

/** Registers the handlers (every process that works jobs). */
export async function registerNewVideoJobs(services: Services, settings: RefreshSettings): Promise<void> {
  await services.jobs.work(NEW_VIDEO_JOBS.refreshDue, async () => {
    await queueDueRefreshes(services, settings);
  });
  await services.jobs.work<{ externalId: string }>(NEW_VIDEO_JOBS.refreshChannel, async ({ externalId }) => {
    await refreshFollowedChannel(services, externalId);
  });
  await services.jobs.work(NEW_VIDEO_JOBS.dispatch, async () => {
    await services.notifications.dispatch();
  });
}

/** Starts the schedules (main.ts; tests run the steps directly). */
export async function scheduleNewVideoJobs(services: Services, settings: RefreshSettings): Promise<void> {
  await services.jobs.every(NEW_VIDEO_JOBS.refreshDue, Math.min(settings.refreshMinutes, 60));
  await services.jobs.every(NEW_VIDEO_JOBS.dispatch, 1);
}
