import type { AccountChannel, AccountPlaylist } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultChannelSelection,
  followSummary,
  importFailedText,
  importStatusText,
  isPickable,
  markFollowed,
  playlistRow,
  skippedChannelId,
  toggled,
  withImport,
  withoutImport,
} from './account-lists';

const channel = (id: string, follow = false): AccountChannel => ({ type: 'channel', id, externalId: id, name: `Channel ${id}`, description: '', thumbnail: null, follow });
const playlist = (id: string, extra: Partial<AccountPlaylist> = {}): AccountPlaylist => ({
  type: 'playlist',
  id,
  externalId: id,
  name: `Playlist ${id}`,
  description: '',
  thumbnail: null,
  numberOfVideos: 3,
  public: true,
  imported: false,
  importStatus: null,
  playlistId: null,
  ...extra,
});

describe('channels', () => {
  it('selects every channel not followed yet by default', () => {
    expect([...defaultChannelSelection([channel('a'), channel('b', true), channel('c')])]).toEqual(['a', 'c']);
  });

  it('toggles one id without touching the set it was given', () => {
    const start = new Set(['a']);
    expect([...toggled(start, 'b', true)]).toEqual(['a', 'b']);
    expect([...toggled(start, 'a', false)]).toEqual([]);
    expect([...start]).toEqual(['a']);
  });

  it('marks what was followed, but not what was skipped (named or not)', () => {
    const items = [channel('UCa'), channel('UCb'), channel('UCc'), channel('UCd')];
    const after = markFollowed(items, new Set(['UCa', 'UCb', 'UCc']), {
      requested: 3,
      followed: 1,
      skipped: [
        { item: 'Channel UCb (UCb)', reason: 'unknown channel' },
        { item: 'UCc', reason: 'unknown channel' },
      ],
    });
    expect(after.map((c) => c.follow)).toEqual([true, false, false, false]);
    expect(skippedChannelId('Gone (with parentheses) (UCx)')).toBe('UCx');
    expect(skippedChannelId('UCy')).toBe('UCy');
  });

  it('sums up a follow', () => {
    expect(followSummary({ requested: 4, followed: 4, skipped: [] })).toBe('Followed 4 channels.');
    expect(followSummary({ requested: 1, followed: 1, skipped: [] })).toBe('Followed 1 channel.');
    expect(followSummary({ requested: 3, followed: 2, skipped: [] })).toBe('Followed 2 channels (1 you already followed).');
    expect(followSummary({ requested: 2, followed: 0, skipped: [] })).toBe('You already follow all of them.');
    expect(followSummary({ requested: 1, followed: 0, skipped: [{ item: 'x', reason: 'y' }] })).toBe('No channel could be followed.');
  });
});

describe('playlists', () => {
  it('reads where a playlist stands from the list', () => {
    expect(playlistRow(playlist('a'), undefined)).toEqual({ kind: 'new' });
    expect(playlistRow(playlist('a', { imported: true, importStatus: 'CREATED', playlistId: 7 }), undefined)).toEqual({ kind: 'imported', playlistId: 7 });
    expect(playlistRow(playlist('a', { importStatus: 'FAILED', playlistId: 7 }), undefined)).toEqual({ kind: 'failed', playlistId: 7 });
    expect(playlistRow(playlist('a', { importStatus: 'PROCESSING', playlistId: 7 }), undefined)).toEqual({
      kind: 'importing',
      started: { id: 'a', playlistId: 7, name: 'Playlist a', status: 'PROCESSING', progress: 0 },
    });
  });

  it('prefers the import watched on the page', () => {
    const live = { id: 'a', playlistId: 9, name: 'Playlist a', status: 'PENDING' as const, progress: 0 };
    expect(playlistRow(playlist('a'), live)).toEqual({ kind: 'importing', started: live });
    expect(playlistRow(playlist('a'), { ...live, status: 'CREATED', progress: 100 })).toEqual({ kind: 'imported', playlistId: 9 });
  });

  it('lets new and failed playlists be picked, not imported or running ones', () => {
    expect(isPickable({ kind: 'new' })).toBe(true);
    expect(isPickable({ kind: 'failed', playlistId: 1 })).toBe(true);
    expect(isPickable({ kind: 'imported', playlistId: 1 })).toBe(false);
    expect(isPickable({ kind: 'importing', started: { id: 'a', playlistId: 1, name: 'a', status: 'PENDING', progress: 0 } })).toBe(false);
  });

  it('updates the list after an import ends and after a removal', () => {
    const items = [playlist('a'), playlist('b')];
    const done = withImport(items, { id: 'b', playlistId: 5, name: 'Playlist b', status: 'CREATED', progress: 100 });
    expect(done[1]).toMatchObject({ imported: true, importStatus: 'CREATED', playlistId: 5 });
    expect(done[0]).toBe(items[0]);
    expect(withoutImport(done, 'b')[1]).toMatchObject({ imported: false, importStatus: null, playlistId: null });
  });

  it('words the status, and the failure as SPEC §8 has it', () => {
    expect(importStatusText('PENDING', 0)).toBe('Waiting to start…');
    expect(importStatusText('PROCESSING', 45)).toBe('Importing… 45%');
    expect(importStatusText('CREATED', 100)).toBe('Imported');
    expect(importFailedText('Sunday baking')).toBe('Importing playlist Sunday baking failed');
  });
});
