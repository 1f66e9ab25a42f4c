import { useCallback } from 'react';
import type { ItemType, SearchItem } from '@sift/contracts';
import { usePreference } from '../../lib/hooks';
import { preferences, type RecentSearch } from '../../lib/storage';

/**
 * Recent searches (SPEC §3 "Recent search entry", the `recent_searches` preference, §5): the results a person
 * opened from a search, kept in the browser per scope (the type filter at the time) and per user, newest
 * first, de-duplicated by externalId, id and type, at most RECENT_LIMIT per scope. Each entry also keeps what
 * /search/recent shows of it (name, image) and the text that found it.
 */
export const RECENT_LIMIT = 20;
export const RECENT_SCOPES = ['all', 'channels', 'videos', 'sifts', 'playlists'] as const;
export type RecentScope = (typeof RECENT_SCOPES)[number];

export interface RecentEntry extends RecentSearch {
  id: number | string;
  externalId: string;
  type: ItemType;
  name: string;
  thumbnail: string | null;
  /** The search text that found it. */
  q: string;
  /** When it was opened (epoch ms). */
  at: number;
}

const ITEM_TYPES: readonly string[] = ['video', 'channel', 'sift', 'playlist'];

/** Preference key of one scope of one person (visitors share one list per browser). */
export function recentKey(userUuid: string | null | undefined, scope: RecentScope): string {
  return `${userUuid || 'visitor'}:${scope}`;
}

export function sameEntry(a: Pick<RecentEntry, 'type' | 'id' | 'externalId'>, b: Pick<RecentEntry, 'type' | 'id' | 'externalId'>): boolean {
  return a.type === b.type && String(a.id) === String(b.id) && a.externalId === b.externalId;
}

/** The entry goes first; an older copy of the same item goes away; the list keeps its newest `limit`. */
export function addRecent(list: readonly RecentEntry[], entry: RecentEntry, limit = RECENT_LIMIT): RecentEntry[] {
  return [entry, ...list.filter((e) => !sameEntry(e, entry))].slice(0, limit);
}

export function removeRecent(list: readonly RecentEntry[], entry: Pick<RecentEntry, 'type' | 'id' | 'externalId'>): RecentEntry[] {
  return list.filter((e) => !sameEntry(e, entry));
}

function isEntry(v: unknown): v is RecentEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    (typeof e.id === 'number' || typeof e.id === 'string') &&
    typeof e.externalId === 'string' &&
    typeof e.type === 'string' &&
    ITEM_TYPES.includes(e.type) &&
    typeof e.name === 'string' &&
    (e.thumbnail === null || typeof e.thumbnail === 'string') &&
    typeof e.q === 'string' &&
    typeof e.at === 'number'
  );
}

/**
 * One scope's entries as stored, cleaned: anything malformed is dropped (storage is user-editable), and the
 * rules hold even for a list another version of the app wrote: newest first, no duplicates, at most `limit`.
 */
export function readRecent(all: Readonly<Record<string, unknown>>, key: string, limit = RECENT_LIMIT): RecentEntry[] {
  const raw = all[key];
  if (!Array.isArray(raw)) return [];
  const sorted = raw.filter(isEntry).sort((a, b) => b.at - a.at);
  const out: RecentEntry[] = [];
  for (const e of sorted) if (!out.some((o) => sameEntry(o, e))) out.push(e);
  return out.slice(0, limit);
}

export function entryFromItem(item: SearchItem, q: string, at = Date.now()): RecentEntry {
  return {
    id: item.id,
    externalId: item.externalId,
    type: item.type,
    name: item.name,
    thumbnail: item.thumbnail,
    q,
    at,
  };
}

/**
 * The recent searches of one person in one scope, with add, remove and clear. A result opened under a type
 * filter is remembered in that scope and in "all", so the All tab holds everything.
 */
export function useRecentSearches(userUuid: string | null | undefined, scope: RecentScope) {
  const [all, setAll] = usePreference('recent_searches');
  const key = recentKey(userUuid, scope);
  const entries = readRecent(all, key);
  const write = useCallback(
    (keys: string[], change: (list: RecentEntry[]) => RecentEntry[]) => {
      // Read afresh: another scope (or tab) may have written since this render.
      const stored = preferences.get('recent_searches');
      const next = { ...stored };
      for (const k of keys) next[k] = change(readRecent(stored, k));
      setAll(next);
    },
    [setAll],
  );
  const allKey = recentKey(userUuid, 'all');
  const both = key === allKey ? [key] : [key, allKey];
  return {
    entries,
    add: (item: SearchItem, q: string) => write(both, (list) => addRecent(list, entryFromItem(item, q))),
    remove: (entry: RecentEntry) => write([key], (list) => removeRecent(list, entry)),
    clear: () => write([key], () => []),
  };
}
