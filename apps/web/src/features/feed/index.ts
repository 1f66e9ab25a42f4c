export { PublicFeed } from './components/PublicFeed';
export { FeedPage, ADDITIONAL_RESULTS_TEXT } from './components/PersonalFeed';
export { feedKeys, usePublicFeed, usePersonalFeed } from './api/queries';
export { FeedAddress } from './components/FeedAddress';
