import { describe, expect, it } from 'vitest';
import { classifySwipe, keyCommand, rateLabel, SHORTCUTS } from './controls';
import { externalVideoUrl, playerMenuActions, playerThumbnail, serviceName, type PlayerMenuAction } from './links';
import { video } from './test-support';

describe('keyboard (SPEC §4: space toggles, arrows seek 5 s; and the keys people know from YouTube)', () => {
  it('maps the keys of the help sheet', () => {
    expect(keyCommand({ key: ' ' })).toEqual({ type: 'toggle-play' });
    expect(keyCommand({ key: 'k' })).toEqual({ type: 'toggle-play' });
    expect(keyCommand({ key: 'ArrowLeft' })).toEqual({ type: 'seek', by: -5 });
    expect(keyCommand({ key: 'ArrowRight' })).toEqual({ type: 'seek', by: 5 });
    expect(keyCommand({ key: 'j' })).toEqual({ type: 'seek', by: -10 });
    expect(keyCommand({ key: 'L' })).toEqual({ type: 'seek', by: 10 });
    expect(keyCommand({ key: 'ArrowUp' })).toEqual({ type: 'volume', by: 5 });
    expect(keyCommand({ key: 'm' })).toEqual({ type: 'mute' });
    expect(keyCommand({ key: 'f' })).toEqual({ type: 'fullscreen' });
    expect(keyCommand({ key: 't' })).toEqual({ type: 'cinema' });
    expect(keyCommand({ key: 'c' })).toEqual({ type: 'captions' });
    expect(keyCommand({ key: '7' })).toEqual({ type: 'seek-percent', percent: 70 });
    expect(keyCommand({ key: 'N', shiftKey: true })).toEqual({ type: 'next' });
    expect(keyCommand({ key: 'P', shiftKey: true })).toEqual({ type: 'previous' });
    expect(keyCommand({ key: '?', shiftKey: true })).toEqual({ type: 'help' });
    expect(SHORTCUTS.map((s) => s.keys.join(' ')).join(' ')).toMatch(/Space.*K.*←.*→.*M.*F.*T/);
  });

  it("leaves keys to the control that owns them, and to the browser's shortcuts", () => {
    expect(keyCommand({ key: ' ', target: { tagName: 'BUTTON' } })).toBeNull();
    expect(keyCommand({ key: ' ', target: { tagName: 'DIV', role: 'menuitem' } })).toBeNull();
    expect(keyCommand({ key: ' ', target: { tagName: 'DIV' } })).toEqual({ type: 'toggle-play' });
    expect(keyCommand({ key: 'ArrowLeft', target: { tagName: 'INPUT', type: 'range' } })).toBeNull();
    expect(keyCommand({ key: 'k', target: { tagName: 'INPUT', type: 'range' } })).toEqual({ type: 'toggle-play' });
    expect(keyCommand({ key: 'k', target: { tagName: 'INPUT', type: 'text' } })).toBeNull();
    expect(keyCommand({ key: 'f', ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: 'x' })).toBeNull();
  });
});

describe('labels and gestures', () => {
  it('rate 1 is "Normal"', () => {
    expect(rateLabel(1)).toBe('Normal');
    expect(rateLabel(1.5)).toBe('1.5×');
  });

  it('recognises swipes: 48 px or more, mostly along one axis, within 800 ms', () => {
    expect(classifySwipe(0, -120, 200)).toBe('up');
    expect(classifySwipe(5, 90, 300)).toBe('down');
    expect(classifySwipe(-100, 10, 300)).toBe('left');
    expect(classifySwipe(100, -20, 300)).toBe('right');
    expect(classifySwipe(30, 30, 100)).toBeNull();
    expect(classifySwipe(0, -200, 900)).toBeNull();
    expect(classifySwipe(80, 70, 200)).toBeNull();
  });
});

describe('links', () => {
  const yt = video('abc', { externalId: 'abc', provider: 'youtube', mediaUrl: null });
  it('thumbnails: YouTube medium quality on mobile and tablet, standard on desktop; others as given', () => {
    expect(playerThumbnail(yt, false)).toBe('https://i.ytimg.com/vi/abc/mqdefault.jpg');
    expect(playerThumbnail(yt, true)).toBe('https://i.ytimg.com/vi/abc/sddefault.jpg');
    expect(playerThumbnail(video(1), true)).toBe('/thumb/1.svg');
  });

  it("the video service address: YouTube's watch page; the demo service's page; another's clip itself", () => {
    expect(externalVideoUrl(yt)).toBe('https://www.youtube.com/watch?v=abc');
    expect(serviceName(yt)).toBe('YouTube');
    expect(externalVideoUrl(video(1, { externalId: 'a b' }))).toBe('/demo-service/watch?v=a%20b');
    expect(externalVideoUrl(video(1, { provider: 'other' }))).toBe('/media/1.webm');
    expect(externalVideoUrl(video(1, { mediaUrl: null }))).toBeNull();
  });
});

describe('player menu (SPEC §2 "Player", §6)', () => {
  const all = new Set<PlayerMenuAction>(['viewPlaylist', 'viewSift', 'viewChannel', 'addToPlaylist', 'removeFromPlaylist', 'share']);
  const v = video(1);
  it('shows view channel always; the rest only once wired', () => {
    expect(playerMenuActions({ video: v, item: null, loggedIn: false, available: new Set(['viewChannel']) })).toEqual(['viewChannel']);
    expect(playerMenuActions({ video: v, item: null, loggedIn: false, available: all })).toEqual(['viewChannel', 'addToPlaylist', 'share']);
  });

  it('view playlist / view sift only when logged in and while such an item plays', () => {
    const playlist = { type: 'playlist' as const, id: '1', name: 'P', owner: { name: 'A', uuid: 'u', creator: false } };
    const sift = { type: 'sift' as const, id: '2', hash: 'h', name: 'S' };
    expect(playerMenuActions({ video: v, item: playlist, loggedIn: false, available: all })).not.toContain('viewPlaylist');
    expect(playerMenuActions({ video: v, item: playlist, loggedIn: true, available: all })).toContain('viewPlaylist');
    expect(playerMenuActions({ video: v, item: sift, loggedIn: true, available: all })).toEqual(['viewSift', 'viewChannel', 'addToPlaylist', 'share']);
  });

  it('remove from playlist only for the owner of the playlist playing', () => {
    const mine = { type: 'playlist' as const, id: '1', name: 'P', owner: { name: 'A', uuid: 'u', creator: true } };
    const theirs = { ...mine, owner: { ...mine.owner, creator: false } };
    expect(playerMenuActions({ video: v, item: mine, loggedIn: true, available: all })).toContain('removeFromPlaylist');
    expect(playerMenuActions({ video: v, item: theirs, loggedIn: true, available: all })).not.toContain('removeFromPlaylist');
  });
});
