import { NEWPIPE_APP_VERSION, type NewPipeSubscriptions } from '@sift/contracts';
import { youtubeChannelUrl } from '../../providers/youtube/addresses.js';

/** NewPipe's own service number for YouTube. */
const NEWPIPE_YOUTUBE = 0;

/**
 * NewPipe's subscriptions export ("Import from previous export" in NewPipe; FreeTube and LibreTube read it too):
 * the app version NewPipe writes, and each channel by its YouTube address.
 */
export function newPipeSubscriptions(channels: Array<{ externalId: string; name: string }>): NewPipeSubscriptions {
  return {
    ...NEWPIPE_APP_VERSION,
    subscriptions: channels.map((c) => ({ service_id: NEWPIPE_YOUTUBE, url: youtubeChannelUrl(c.externalId), name: c.name })),
  };
}
