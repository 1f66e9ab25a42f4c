import type { ProviderChannel, ProviderVideo } from '../video-provider.js';
import { DEFAULT_DEMO_SEED, generateCatalog } from './catalog.js';

/** How many demo channels the video service has but the seeded catalog does not. */
export const UNLISTED_DEMO_CHANNELS = 6;
const UNLISTED_DEMO_VIDEOS = 360;

/**
 * Channels the demo video service knows that are not seeded into the catalog (issue 6): adding one to a sift runs
 * the background import (PENDING_IMPORT … CREATED) offline, as a channel new to Sift would on a real service.
 * Another seed, so their ids and names differ from the seeded channels'.
 */
export function unlistedDemoCatalog(now: Date): { channels: ProviderChannel[]; videos: ProviderVideo[] } {
  return generateCatalog({ now, seed: DEFAULT_DEMO_SEED + 1, channelsCount: UNLISTED_DEMO_CHANNELS, videosTotal: UNLISTED_DEMO_VIDEOS });
}
