export { PublicFeed, publicFeedParams } from './components/PublicFeed';
export { FeedPage, ADDITIONAL_RESULTS_TEXT } from './components/PersonalFeed';
export { feedKeys, publicFeedOptions, usePublicFeed, usePersonalFeed } from './api/queries';
export { FeedAddress } from './components/FeedAddress';
