import type { AdapterFactory, PlayerAdapter } from '../adapter';
import { Html5Adapter } from './html5';
import { YouTubeAdapter, type YouTubeApiOptions } from './youtube';

export { Html5Adapter } from './html5';
export { YouTubeAdapter, YOUTUBE_IFRAME_API_URL, resetYouTubeApiLoader, type YouTubeApiOptions } from './youtube';

/** No player can play this video here (an unknown provider without local media): the card offers the service. */
const unavailable: PlayerAdapter = {
  apiStatus: () => 'failed',
  create: () => {},
  destroy: () => {},
  play: () => {},
  pause: () => {},
  stop: () => {},
  seekTo: () => {},
  getCurrentTime: () => 0,
  getDuration: () => 0,
  setVolume: () => {},
  setMuted: () => {},
  setPlaybackRate: () => {},
  getAvailablePlaybackRates: () => [],
  hasCaptions: () => false,
  setCaptions: () => {},
};

/** Local media plays in HTML5 video; YouTube videos in the IFrame Player API. */
export function createAdapterFactory(options: { youtube?: YouTubeApiOptions } = {}): AdapterFactory {
  return (video) => {
    if (video.mediaUrl) return new Html5Adapter();
    if (video.provider === 'youtube') return new YouTubeAdapter(options.youtube);
    return unavailable;
  };
}
