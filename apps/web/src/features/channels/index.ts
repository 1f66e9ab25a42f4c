// Eager exports only. Page-sized components (ChannelPage, ChannelSearchResults) are imported by their module
// path from lazily loaded routes, so that they stay out of the first route's chunk.
export { ChannelStrip, STRIP_LIMIT } from './components/ChannelStrip';
export { channelKeys, channelSearchOptions, useChannel, useChannelVideos, useChannelSearch } from './api/queries';
