export { PublicFeed } from './components/PublicFeed';
export { feedKeys, usePublicFeed } from './api/queries';
