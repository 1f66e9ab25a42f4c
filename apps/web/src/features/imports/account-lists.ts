import { plural, t } from '@lingui/core/macro';
import type { AccountChannel, AccountChannelsFollowed, AccountPlaylist, AccountPlaylistImport } from '@sift/contracts';

/**
 * The rules of the account's two pick lists (issue 16 §1), apart from the components that show them. Texts are in
 * the active language at call time (Lingui's global i18n), so these are called while rendering, never at load.
 */

/** A set with `id` in it or not. */
export function toggled(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

// ---- channels ------------------------------------------------------------------------------------------------

/** Subscriptions Sift does not follow yet: the ones a member can pick. */
export const followableChannels = (items: readonly AccountChannel[]) => items.filter((c) => !c.follow);

/** All selected by default (SPEC): every subscription not followed yet. */
export const defaultChannelSelection = (items: readonly AccountChannel[]) => new Set(followableChannels(items).map((c) => c.id));

/** The channel id a skipped entry names: the server writes "Name (UC…)" when it was sent a name, else the id. */
export const skippedChannelId = (item: string) => /\(([^()\s]+)\)$/.exec(item)?.[1] ?? item;

/** The channels a follow asked for, as the list shows them afterwards: followed unless skipped. */
export function markFollowed(items: readonly AccountChannel[], asked: ReadonlySet<string>, result: AccountChannelsFollowed): AccountChannel[] {
  const skipped = new Set(result.skipped.map((s) => skippedChannelId(s.item)));
  return items.map((c) => (asked.has(c.id) && !skipped.has(c.id) ? { ...c, follow: true } : c));
}

/** "Followed 4 channels." — or that they were all followed already. */
export function followSummary(result: AccountChannelsFollowed): string {
  const already = Math.max(0, result.requested - result.followed - result.skipped.length);
  if (result.followed === 0) {
    if (result.skipped.length > 0 && already === 0) return t`No channel could be followed.`;
    return already > 0 ? t`You already follow all of them.` : t`Nothing to follow.`;
  }
  return already > 0
    ? plural(result.followed, { one: `Followed # channel (${already} you already followed).`, other: `Followed # channels (${already} you already followed).` })
    : plural(result.followed, { one: 'Followed # channel.', other: 'Followed # channels.' });
}

// ---- playlists -----------------------------------------------------------------------------------------------

export type PlaylistRow =
  | { kind: 'new' }
  | { kind: 'importing'; started: AccountPlaylistImport }
  | { kind: 'imported'; playlistId: number }
  | { kind: 'failed'; playlistId: number | null };

/**
 * Where one of the account's playlists stands: the import watched on this page (`live`) wins over what the list said
 * when it was read. PENDING and PROCESSING are imports under way (polled until they end).
 */
export function playlistRow(item: AccountPlaylist, live: AccountPlaylistImport | undefined): PlaylistRow {
  const status = live?.status ?? item.importStatus;
  const playlistId = live?.playlistId ?? item.playlistId;
  switch (status) {
    case 'PENDING':
    case 'PROCESSING':
      return { kind: 'importing', started: live ?? { id: item.id, playlistId: playlistId ?? 0, name: item.name, status, progress: 0 } };
    case 'CREATED':
      return playlistId !== null ? { kind: 'imported', playlistId } : { kind: 'new' };
    case 'FAILED':
      return { kind: 'failed', playlistId };
    default:
      return { kind: 'new' };
  }
}

/** Playlists not imported yet (or whose import failed, to try again) may be picked. */
export const isPickable = (row: PlaylistRow) => row.kind === 'new' || row.kind === 'failed';

/** The list as it stands after an import ended. */
export function withImport(items: readonly AccountPlaylist[], done: AccountPlaylistImport): AccountPlaylist[] {
  return items.map((p) => (p.id === done.id ? { ...p, imported: done.status === 'CREATED', importStatus: done.status, playlistId: done.playlistId } : p));
}

/** The list as it stands after the Sift playlist an import made was removed. */
export function withoutImport(items: readonly AccountPlaylist[], id: string): AccountPlaylist[] {
  return items.map((p) => (p.id === id ? { ...p, imported: false, importStatus: null, playlistId: null } : p));
}

/** The words under an import's progress bar. */
export function importStatusText(status: AccountPlaylistImport['status'], progress: number): string {
  switch (status) {
    case 'PENDING':
      return t`Waiting to start…`;
    case 'PROCESSING':
      return t`Importing… ${progress}%`;
    case 'CREATED':
      return t`Imported`;
    case 'FAILED':
      return t({ message: 'Failed', context: 'import status' });
  }
}

/** SPEC §8: the playlist-import failure. */
export const importFailedText = (name: string) => t`Importing playlist ${name} failed`;
