export * from './common.js';
export * from './catalog.js';
export * from './messages.js';
export * from './accounts.js';
export * from './search.js';
export * from './sifts.js';
export * from './subscriptions.js';
export * from './playlists.js';
