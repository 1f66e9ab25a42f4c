/**
 * A read that something else waits for (a section drawn above a list, so the list does not move) has settled once it
 * answered, failed, or is paused waiting for the network: offline (`offlineFirst`, app/providers.tsx) a read that never
 * loaded stays pending while paused, and what was saved must still show.
 */
export const hasSettled = (query: { isPending: boolean; isPaused: boolean }): boolean => !query.isPending || query.isPaused;
