import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@sift/contracts';
import { track } from '../../lib/analytics';
import { api } from '../../lib/api';
import { preferences } from '../../lib/storage';
import { applyVideoMarks } from '../../lib/video-marks';
import { createAdapterFactory, YOUTUBE_IFRAME_API_URL } from '../../player/adapters';
import { PlayerEngine } from '../../player/engine';
import { externalVideoUrl } from '../../player/links';
import { channelSource, type GetJson } from '../../player/sources';
import type { QueueSource } from '../../player/queue';
import { isWatchedAt, LocalProgress, recordProgress, resumed, startPosition, type ProgressSink } from './progress';

/**
 * The app's one player engine. It lives as long as the page (the player survives navigation, SPEC §2) and is
 * created with this lazy chunk, so pages without a current video never load the player code.
 */

/** Queue pages are the player's business: a failure shows in the queue, not in the global error banner. */
const getJson: GetJson = (path, options) => api.get(path, { ...options, quiet: true });

let engine: PlayerEngine<Video> | null = null;

const localProgress = new LocalProgress(preferences);

/** The app's query cache, from the first caller that gives it (the watch overlay): see progressSink. */
let cache: QueryClient | null = null;

/**
 * A member's positions go to the server; a failed save is only logged (the next one carries the newer position). The
 * position is written into every card of the cache too, as the video's menu does with its marks: a card showed how far
 * it was watched only after a reload.
 */
const progressSink: ProgressSink = {
  member: () => !!preferences.get('token'),
  send: (externalId, saved, { keepalive }) => {
    void api.put(`/api/me/history/${encodeURIComponent(externalId)}`, saved, { quiet: true, skipAuthHooks: true, keepalive }).catch(() => undefined);
    if (cache) {
      applyVideoMarks(cache, externalId, {
        position: saved.position,
        ...(saved.duration >= 1 ? { positionOf: Math.round(saved.duration) } : {}),
        ...(isWatchedAt(saved.position, saved.duration) ? { watched: true } : {}),
      });
    }
  },
};

/** The engine; `qc`, the app's query cache, lets saved positions show on the cards (the first one given is kept). */
export function playerEngine(qc?: QueryClient): PlayerEngine<Video> {
  if (qc) cache ??= qc;
  if (engine) return engine;
  engine = new PlayerEngine<Video>({
    adapters: createAdapterFactory({
      youtube: { scriptUrl: import.meta.env.VITE_YOUTUBE_IFRAME_API_URL || YOUTUBE_IFRAME_API_URL },
    }),
    prefs: preferences,
    openExternal: (video) => {
      const url = externalVideoUrl(video);
      // Browsers allow a new tab only shortly after a gesture; if it is refused the card's link remains.
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    },
    log: (message, ...details) => console.info(message, ...details),
    onFirstPlay: (video) => track('eca_play', { videoId: video.externalId }),
    startAt: (video) => {
      const seconds = startPosition(video, localProgress, progressSink.member());
      resumed.set(seconds ? { externalId: video.externalId, seconds } : null);
      return seconds;
    },
  });
  recordProgress(engine, localProgress, progressSink);
  return engine;
}

/** What `/watch?v=` alone plays (SPEC §3 "Current item playing", type channel): the video's channel. */
export function channelQueue(video: Video): QueueSource<Video> {
  return channelSource<Video>(getJson, { externalId: video.channelExternalId, name: video.channelName });
}
