import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROLS_HIDE_MS,
  CREATE_DELAY_MS,
  CREATE_RETRY_MS,
  LEAVE_MODAL_MS,
  NON_EMBEDDABLE_AUTOPLAY_MS,
  PlayerState,
  PROGRESS_TICK_MS,
} from './constants';
import { controlsModel, timeModel } from './controls';
import { PlayerEngine } from './engine';
import { singleVideoSource } from './queue';
import { FakeAdapter, fakeSource, harness, video } from './test-support';

const { UNSTARTED, ENDED, PLAYING, PAUSED, BUFFERING, CUED } = PlayerState;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the microtasks of page fetches settle (fake timers do not advance by themselves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A harness with a channel queue of `total` videos loaded and `first` current, its player created and ready. */
async function playing(total = 10, first = 0, states: PlayerState[] = [PLAYING]) {
  const h = harness();
  const source = fakeSource(total);
  h.engine.open(video(first), source);
  await settle();
  await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
  h.adapter().ready(...states);
  return { ...h, source };
}

describe('player creation (SPEC §4)', () => {
  it('creates the player 200 ms after a new current video appears', async () => {
    const h = harness();
    h.engine.open(video(1), fakeSource(3));
    expect(h.engine.getSnapshot().status).toBe('creating');
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS - 1);
    expect(FakeAdapter.created).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeAdapter.created).toHaveLength(1);
    expect(h.adapter().video?.externalId).toBe('vid1');
    expect(h.adapter().options).toMatchObject({ autoplay: true, volume: 100, muted: false, playbackRate: 1 });
    h.adapter().ready();
    expect(h.engine.getSnapshot().status).toBe('ready');
  });

  it('quick skipping builds nothing for the videos skipped over', async () => {
    const h = harness();
    h.engine.open(video(1), fakeSource(3));
    await vi.advanceTimersByTimeAsync(100);
    h.engine.open(video(2));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(FakeAdapter.created.map((a) => a.video?.externalId)).toEqual(['vid2']);
  });

  it('retries every 500 ms while the provider interface is not ready', async () => {
    const h = harness();
    h.nextStatus.value = 'loading';
    h.engine.open(video(1), fakeSource(3));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    const adapter = h.adapter();
    expect(adapter.statusCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS - 1);
    expect(adapter.statusCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(adapter.statusCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS * 3);
    expect(adapter.statusCalls).toBe(5);
    expect(FakeAdapter.created).toHaveLength(0);
    expect(h.engine.getSnapshot().status).toBe('creating');
    adapter.status = 'ready';
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS);
    expect(FakeAdapter.created).toEqual([adapter]);
  });

  it('waits for a host element, retrying like for the API', async () => {
    const h = harness({}, false);
    h.engine.open(video(1), fakeSource(3));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS * 2);
    expect(FakeAdapter.created).toHaveLength(0);
    h.engine.attach({} as HTMLElement);
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS);
    expect(FakeAdapter.created).toHaveLength(1);
  });

  it('degrades to "unavailable" when the provider interface never loads', async () => {
    const h = harness();
    h.nextStatus.value = 'loading';
    h.engine.open(video(1, { mediaUrl: null, provider: 'youtube' }), fakeSource(3));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS + CREATE_RETRY_MS);
    h.adapter().status = 'failed';
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS);
    const s = h.engine.getSnapshot();
    expect(s.status).toBe('unavailable');
    expect(controlsModel(s).playDisabled).toBe(true);
    await vi.advanceTimersByTimeAsync(CREATE_RETRY_MS * 10);
    expect(FakeAdapter.created).toHaveLength(0);
    expect(h.logs.join()).toMatch(/did not load/);
  });

  it('starts fresh when the video id or the item id changes, and not otherwise', async () => {
    const h = await playing();
    const first = h.adapter();
    // The same video again (a refetch): nothing is rebuilt, the video keeps playing.
    h.engine.open({ ...video(0), title: 'Renamed' });
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS * 2);
    expect(FakeAdapter.created).toEqual([first]);
    expect(first.destroyed).toBe(false);
    expect(h.engine.getSnapshot().video?.title).toBe('Renamed');
    expect(h.engine.getSnapshot().state).toBe(PLAYING);
    // Same video, another playlist entry: a new player.
    h.engine.open(video(0, { itemId: 7 }));
    expect(first.calls).toEqual(expect.arrayContaining(['stop', 'destroy']));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(FakeAdapter.created).toHaveLength(2);
  });

  it('starts a video where `startAt` says (a saved position), and from the beginning when it says nothing', async () => {
    const h = harness({ startAt: (v) => (v.externalId === 'vid1' ? 754 : undefined) });
    h.engine.open(video(1));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(h.adapter().options).toMatchObject({ startSeconds: 754 });
    h.engine.open(video(2), null, 'user');
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(h.adapter().options?.startSeconds).toBeUndefined();
  });

  it('applies the saved volume and mute, and reads the provider rates when ready', async () => {
    expect(harness().engine.getSnapshot()).toMatchObject({ volume: 100, muted: false }); // SPEC §3 defaults
    const h = harness();
    h.prefs.set('currentVideoVolume', 40);
    h.prefs.set('currentVideoMuted', true);
    // Preferences are read when the engine starts: a new engine on the same store.
    const engine = new PlayerEngine({ adapters: () => new FakeAdapter(), prefs: h.prefs, openExternal: () => {} });
    engine.attach({} as HTMLElement);
    engine.open(video(1));
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    const adapter = FakeAdapter.created.at(-1)!;
    expect(adapter.options).toMatchObject({ volume: 40, muted: true });
    adapter.ready();
    expect(adapter.calls).toEqual(expect.arrayContaining(['volume:40', 'muted:true', 'rate:1']));
    expect(engine.getSnapshot().availablePlaybackRates).toEqual([0.5, 1, 1.5, 2]);
  });
});

describe('progress tick (SPEC §9: 500 ms)', () => {
  it('reads current time and duration every 500 ms', async () => {
    const h = await playing();
    const adapter = h.adapter();
    adapter.currentTime = 1;
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS - 1);
    expect(h.engine.getTime().currentTime).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.engine.getTime()).toEqual({ currentTime: 1, duration: 30 });
    adapter.currentTime = 1.5;
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS);
    expect(h.engine.getTime().currentTime).toBe(1.5);
    expect(timeModel(h.engine.getTime())).toEqual({ elapsed: '00:01', duration: '00:30', percent: 5 });
  });

  it("tells a moving time to the time's listeners only: the rest of the player is not drawn again (issue 18)", async () => {
    const h = await playing();
    const onChange = vi.fn();
    const onTime = vi.fn();
    h.engine.subscribe(onChange);
    h.engine.subscribeTime(onTime);
    h.adapter().currentTime = 2;
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS);
    expect(onTime).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    expect(h.engine.getTime()).toEqual({ currentTime: 2, duration: 30 });
    // Anything else that changes tells both.
    h.engine.setVolume(40);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onTime).toHaveBeenCalledTimes(2);
  });

  it('stops ticking once the player is closed', async () => {
    const h = await playing();
    const listener = vi.fn();
    h.engine.close();
    h.engine.subscribe(listener);
    h.adapter().currentTime = 5;
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS * 4);
    expect(listener).not.toHaveBeenCalled();
    expect(h.adapter().destroyed).toBe(true);
  });
});

describe('autoplay on end (SPEC §4)', () => {
  it('plays the video after the current one', async () => {
    const h = await playing(10, 3);
    h.adapter().state(ENDED);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid4');
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    expect(h.adapter().video?.externalId).toBe('vid4');
  });

  it('plays the first video when the current one is not in the list', async () => {
    const h = harness();
    h.engine.open(video('elsewhere'), fakeSource(10));
    await settle();
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(PLAYING, ENDED);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
  });

  it('fetches more pages at the end of the loaded list and plays on', async () => {
    const h = await playing(60, 0);
    expect(h.source.fetches).toEqual([null]);
    h.engine.open(video(47)); // the last one loaded (user choice from the list)
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(PLAYING, ENDED);
    await settle();
    expect(h.source.fetches).toEqual([null, '48']);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid48');
  });

  it('stops at the end of a complete list', async () => {
    const h = await playing(5, 4);
    h.adapter().state(ENDED);
    await settle();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid4');
    expect(h.engine.getSnapshot().state).toBe(ENDED);
    expect(h.source.fetches).toEqual([null]);
  });

  it('does nothing when the autoplay preference is off', async () => {
    const h = await playing(5, 0);
    h.prefs.set('autoplay', false);
    h.adapter().state(ENDED);
    await settle();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
  });

  it('inside a playlist or sift follows autoplay_list, apart from autoplay elsewhere (SPEC §3, decision 049)', async () => {
    for (const type of ['playlist', 'sift'] as const) {
      const h = harness();
      h.prefs.set('autoplay', false);
      h.engine.open(video(0), fakeSource(5, { key: `${type}:1`, item: { type, id: '1', name: 'List' } }));
      await settle();
      await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
      h.adapter().ready(PLAYING, ENDED);
      await settle();
      expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');

      h.prefs.set('autoplay', true);
      h.prefs.set('autoplay_list', false);
      await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
      h.adapter().ready(PLAYING, ENDED);
      await settle();
      expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');
    }
    // A channel's queue (and the feed's) keeps to autoplay.
    const h = await playing(5, 0);
    h.prefs.set('autoplay_list', false);
    h.adapter().state(ENDED);
    await settle();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');
  });
});

describe('play next and previous (SPEC §4)', () => {
  it('fetches more when the new current video is within 2 items of the end', async () => {
    const h = await playing(100, 43);
    await h.engine.next(); // → 44: 3 left after it
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid44');
    expect(h.source.fetches).toEqual([null]);
    await h.engine.next(); // → 45: 2 left
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid45');
    expect(h.source.fetches).toEqual([null, '48']);
    await settle();
    expect(h.engine.getSnapshot().queue.videos).toHaveLength(96);
  });

  it('at the end of what is loaded, fetches and then moves', async () => {
    const h = harness();
    const source = fakeSource(10, { pageSize: 5 });
    h.engine.open(video(4), source);
    await settle();
    expect(h.engine.getSnapshot().hasNext).toBe(true); // more pages exist
    await h.engine.next();
    expect(source.fetches).toEqual([null, '5']);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid5');
  });

  it('previous goes back one item; none before the first', async () => {
    const h = await playing(10, 2);
    h.engine.previous();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');
    h.engine.previous();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
    expect(h.engine.getSnapshot().hasPrevious).toBe(false);
    h.engine.previous();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
  });

  it('has no next at the end of a complete list, and no previous or next for a video on its own', async () => {
    const h = await playing(3, 2);
    expect(h.engine.getSnapshot()).toMatchObject({ hasNext: false, hasPrevious: true });
    const g = harness();
    g.engine.open(video(9), singleVideoSource(video(9)));
    await settle();
    expect(g.engine.getSnapshot()).toMatchObject({ hasNext: false, hasPrevious: false, item: null });
  });

  it('a list opened at a video far down it (a card clicked on its page) loads pages until it is there, and Next goes on from it', async () => {
    const h = harness();
    const source = { ...fakeSource(200, { pageSize: 10, key: 's:hash', item: { type: 'sift', id: '1', hash: 'hash', name: 'Sift' } }), findPages: 5 };
    h.engine.open(video(34), source);
    // Next before the search has ended waits for it rather than go back to the top.
    await h.engine.next();
    expect(source.fetches).toEqual([null, '10', '20', '30']);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid35');
    h.engine.previous();
    h.engine.previous();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid33');
  });

  it('gives up after its findPages, and a channel looks at its first page only', async () => {
    const h = harness();
    const source = { ...fakeSource(200, { pageSize: 10, key: 'p:1', item: { type: 'playlist', id: '1', name: 'List' } }), findPages: 3 };
    h.engine.open(video(150), source);
    await settle();
    expect(source.fetches).toEqual([null, '10', '20']);
    expect(h.engine.getSnapshot().index).toBe(-1);
    const g = harness();
    const channel = fakeSource(200, { pageSize: 10 });
    g.engine.open(video(150), channel);
    await settle();
    expect(channel.fetches).toEqual([null]);
  });

  it('a page that fails to load does not loop; the next try fetches again', async () => {
    let fail = true;
    const h = harness();
    const source = fakeSource(10, { pageSize: 5, fail: () => fail && source.fetches.length > 1 });
    h.engine.open(video(4), source);
    await settle();
    await h.engine.next();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid4');
    expect(h.engine.getSnapshot().queue.error).toBe(true);
    fail = false;
    await h.engine.next();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid5');
  });
});

describe('changing the current video only when not PLAYING or PAUSED (SPEC §4)', () => {
  it("the engine's own moves never replace a video that plays or is paused", async () => {
    for (const state of [PLAYING, PAUSED]) {
      const h = await playing(5, 0, [state]);
      expect(h.engine.open(video(3), null, 'auto')).toBe(false);
      await h.engine.next('auto');
      expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
      expect(h.adapter().destroyed).toBe(false);
    }
  });

  it('they may while unstarted, ended, buffering or cued', async () => {
    for (const state of [UNSTARTED, ENDED, BUFFERING, CUED]) {
      const h = await playing(5, 0, [BUFFERING, state]);
      h.prefs.set('autoplay', false); // keep ENDED from moving on by itself
      expect(h.engine.open(video(3), null, 'auto')).toBe(true);
    }
  });

  it("a person's choice stops the running video first, then switches", async () => {
    const h = await playing(5, 0);
    const first = h.adapter();
    await h.engine.next('user');
    expect(first.calls.slice(-2)).toEqual(['stop', 'destroy']);
    expect(h.engine.getSnapshot()).toMatchObject({ state: UNSTARTED, video: { externalId: 'vid1' } });
  });

  it('a background update waits until the running video ends, and then wins over autoplay', async () => {
    const h = await playing(5, 0);
    expect(h.engine.open(video('pushed'), null, 'background')).toBe(false);
    h.adapter().state(PAUSED).state(PLAYING).state(BUFFERING).state(PLAYING);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid0');
    h.adapter().state(ENDED);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vidpushed');
  });

  it('a background update applies at once when nothing plays', async () => {
    const h = await playing(5, 0, [ENDED]);
    // (autoplay moved to vid1; it is not started yet)
    expect(h.engine.open(video('pushed'), null, 'background')).toBe(true);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vidpushed');
  });
});

describe('playing a video (SPEC §4)', () => {
  it('an embeddable video that is already current toggles play/pause', async () => {
    const h = await playing(5, 0);
    h.engine.playVideo(video(0));
    expect(h.adapter().calls.at(-1)).toBe('pause');
    h.adapter().state(PAUSED);
    h.engine.playVideo(video(0));
    expect(h.adapter().calls.at(-1)).toBe('play');
  });

  it('another one becomes current', async () => {
    const h = await playing(5, 0);
    h.engine.playVideo(video(2));
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid2');
  });
});

describe('non-embeddable videos (SPEC §4)', () => {
  const blocked = (n: number) => video(n, { embeddable: false });
  const source = () => fakeSource(5, { make: (i) => (i === 1 ? blocked(1) : video(i)) });

  it('with the message preference on: the leave modal, which hides and plays the next after 7 s untouched', async () => {
    const h = harness();
    h.engine.open(blocked(1), source());
    await settle();
    const s = h.engine.getSnapshot();
    expect(s).toMatchObject({ state: UNSTARTED, blocked: true, status: 'idle' });
    expect(s.leave).toMatchObject({ automatic: true, autoAdvance: true, video: { externalId: 'vid1' } });
    expect(s.leave?.deadline).toBe(Date.now() + LEAVE_MODAL_MS);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS * 10);
    expect(FakeAdapter.created).toHaveLength(0); // no player for a video that cannot play here
    await vi.advanceTimersByTimeAsync(LEAVE_MODAL_MS - CREATE_DELAY_MS * 10 - 1);
    expect(h.engine.getSnapshot().leave).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.engine.getSnapshot().leave).toBeNull();
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid2');
    expect(h.opened).toEqual([]);
  });

  it('the modal for a video on its own does not advance by itself', async () => {
    const h = harness();
    h.engine.open(blocked(1), singleVideoSource(blocked(1)));
    expect(h.engine.getSnapshot().leave).toMatchObject({ autoAdvance: false, deadline: null });
    await vi.advanceTimersByTimeAsync(LEAVE_MODAL_MS * 2);
    expect(h.engine.getSnapshot().leave).not.toBeNull();
  });

  it('Cancel continues to the next video; Accept opens the video in a new tab and continues', async () => {
    const h = harness();
    h.engine.open(blocked(1), source());
    await settle();
    h.engine.cancelLeave();
    expect(h.engine.getSnapshot()).toMatchObject({ leave: null, video: { externalId: 'vid2' } });
    expect(h.opened).toEqual([]);

    const g = harness();
    g.engine.open(blocked(1), source());
    await settle();
    g.engine.acceptLeave();
    expect(g.opened.map((v) => v.externalId)).toEqual(['vid1']);
    expect(g.engine.getSnapshot()).toMatchObject({ leave: null, video: { externalId: 'vid2' } });
    // No timer left over to skip another video later.
    await vi.advanceTimersByTimeAsync(LEAVE_MODAL_MS + NON_EMBEDDABLE_AUTOPLAY_MS);
    expect(g.engine.getSnapshot().video?.externalId).toBe('vid2');
  });

  it('"don\'t show again" turns the modal off and remembers the choice', () => {
    const h = harness();
    h.engine.open(blocked(1), source());
    h.engine.acceptLeave(true);
    expect(h.prefs.get('showOpenNonEmbeddableVideoMessage')).toBe(false);
    expect(h.prefs.get('openNonEmbeddableVideo')).toBe(true);
    const g = harness();
    g.engine.open(blocked(1), source());
    g.engine.cancelLeave(true);
    expect(g.prefs.get('showOpenNonEmbeddableVideoMessage')).toBe(false);
    expect(g.prefs.get('openNonEmbeddableVideo')).toBe(false);
  });

  it('with the message off: opens the service in a new tab when that preference is on, next after 5000 ms', async () => {
    const h = harness();
    h.prefs.set('showOpenNonEmbeddableVideoMessage', false);
    h.prefs.set('openNonEmbeddableVideo', true);
    h.engine.open(blocked(1), source());
    await settle();
    expect(h.opened.map((v) => v.externalId)).toEqual(['vid1']);
    expect(h.engine.getSnapshot().leave).toBeNull();
    expect(h.engine.getSnapshot().advanceAt).toBe(Date.now() + NON_EMBEDDABLE_AUTOPLAY_MS);
    await vi.advanceTimersByTimeAsync(NON_EMBEDDABLE_AUTOPLAY_MS - 1);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid2');
    expect(h.engine.getSnapshot().advanceAt).toBeNull();
  });

  it('with both preferences off: no tab, and still the next after 5000 ms', async () => {
    const h = harness();
    h.prefs.set('showOpenNonEmbeddableVideoMessage', false);
    h.engine.open(blocked(1), source());
    await settle();
    await vi.advanceTimersByTimeAsync(NON_EMBEDDABLE_AUTOPLAY_MS);
    expect(h.opened).toEqual([]);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid2');
  });

  it('choosing another video cancels the 5000 ms autoplay', async () => {
    const h = harness();
    h.prefs.set('showOpenNonEmbeddableVideoMessage', false);
    h.engine.open(blocked(1), source());
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    h.engine.open(video(4));
    await vi.advanceTimersByTimeAsync(NON_EMBEDDABLE_AUTOPLAY_MS);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid4');
  });

  it('clicking the card opens the modal without a countdown; its buttons then only close it', async () => {
    const h = harness();
    h.prefs.set('showOpenNonEmbeddableVideoMessage', false);
    h.engine.open(blocked(1), source());
    await settle();
    h.engine.openLeavePrompt();
    expect(h.engine.getSnapshot().leave).toMatchObject({ automatic: false, autoAdvance: false });
    await vi.advanceTimersByTimeAsync(NON_EMBEDDABLE_AUTOPLAY_MS + LEAVE_MODAL_MS);
    expect(h.engine.getSnapshot().video?.externalId).toBe('vid1'); // the person is reading: nothing moves
    h.engine.acceptLeave();
    expect(h.opened).toHaveLength(1);
    expect(h.engine.getSnapshot()).toMatchObject({ leave: null, video: { externalId: 'vid1' } });
  });

  it('playing the current non-embeddable video again restarts the leave flow', () => {
    const h = harness();
    h.engine.open(blocked(1), singleVideoSource(blocked(1)));
    h.engine.cancelLeave();
    expect(h.engine.getSnapshot().leave).toBeNull();
    h.engine.playVideo(blocked(1));
    expect(h.engine.getSnapshot()).toMatchObject({ state: UNSTARTED, leave: { automatic: true } });
  });
});

describe('provider errors (SPEC §4)', () => {
  it('100 (deleted) is only logged', async () => {
    const h = await playing(5, 0);
    h.adapter().error(100);
    await settle();
    expect(h.logs.join()).toMatch(/100/);
    expect(h.engine.getSnapshot()).toMatchObject({ state: PLAYING, blocked: false, video: { externalId: 'vid0' } });
  });

  it('150 marks the video non-embeddable and starts the leave flow', async () => {
    const h = await playing(5, 0);
    const adapter = h.adapter();
    adapter.error(150);
    const s = h.engine.getSnapshot();
    expect(s).toMatchObject({ state: UNSTARTED, blocked: true, status: 'idle', video: { embeddable: false } });
    expect(s.leave).toMatchObject({ automatic: true });
    expect(adapter.destroyed).toBe(true);
    expect(controlsModel(s).playDisabled).toBe(true);
  });

  it('101 counts as 150', async () => {
    const h = await playing(5, 0);
    h.adapter().error(101);
    expect(h.engine.getSnapshot().blocked).toBe(true);
  });

  it('any other error plays the next video', async () => {
    for (const code of [2, 5, 999]) {
      const h = await playing(5, 0);
      h.adapter().error(code);
      expect(h.engine.getSnapshot().video?.externalId).toBe('vid1');
    }
  });
});

describe('seeking (SPEC §4)', () => {
  it('double-tap within 500 ms seeks 5 s back on the left half and forward on the right', async () => {
    const h = await playing(5, 0);
    const adapter = h.adapter();
    adapter.currentTime = 10;
    expect(h.engine.tap(300, 400)).toBeNull(); // a lone tap shows the controls
    vi.advanceTimersByTime(499);
    expect(h.engine.tap(300, 400)).toBe('forward');
    expect(adapter.currentTime).toBe(15);
    vi.advanceTimersByTime(400);
    expect(h.engine.tap(100, 400)).toBe('back'); // a third tap within the window keeps seeking
    expect(adapter.currentTime).toBe(10);
  });

  it('taps further apart than 500 ms do not seek', async () => {
    const h = await playing(5, 0);
    h.adapter().currentTime = 10;
    h.engine.tap(300, 400);
    vi.advanceTimersByTime(501);
    expect(h.engine.tap(300, 400)).toBeNull();
    expect(h.adapter().currentTime).toBe(10);
  });

  it('seeks by seconds within 0 … duration, and the slider as a percentage', async () => {
    const h = await playing(5, 0);
    const adapter = h.adapter();
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS);
    adapter.currentTime = 2;
    h.engine.seekBy(-5);
    expect(adapter.currentTime).toBe(0);
    h.engine.seekBy(50);
    expect(adapter.currentTime).toBe(30);
    h.engine.seekToPercent(50);
    expect(adapter.currentTime).toBe(15);
    expect(h.engine.getTime().currentTime).toBe(15);
  });
});

describe('controls (SPEC §2, §4)', () => {
  it('hide after 3 s without movement while playing, and show again on movement', async () => {
    const h = await playing(5, 0);
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(CONTROLS_HIDE_MS - 1);
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.engine.getSnapshot().controlsVisible).toBe(false);
    h.engine.activity();
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    h.engine.activity(); // movement restarts the 3 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.engine.getSnapshot().controlsVisible).toBe(false);
  });

  it('stay while paused, and while minimised', async () => {
    const h = await playing(5, 0, [PAUSED]);
    await vi.advanceTimersByTimeAsync(CONTROLS_HIDE_MS * 2);
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
    h.adapter().state(PLAYING);
    h.engine.setView({ minimised: true });
    await vi.advanceTimersByTimeAsync(CONTROLS_HIDE_MS * 2);
    expect(h.engine.getSnapshot().controlsVisible).toBe(true);
  });

  it('show the pause icon while PLAYING, BUFFERING or CUED, and play otherwise', async () => {
    const h = await playing(5, 0, []);
    const icon = (state: PlayerState) => {
      h.adapter().state(state);
      return controlsModel(h.engine.getSnapshot()).playIcon;
    };
    expect([PLAYING, BUFFERING, CUED].map(icon)).toEqual(['pause', 'pause', 'pause']);
    expect([PAUSED, ENDED, UNSTARTED].map(icon)).toEqual(['play', 'play', 'play']);
  });

  it('play/pause pauses while the pause icon shows', async () => {
    const h = await playing(5, 0, [CUED]);
    h.engine.togglePlay();
    expect(h.adapter().calls.at(-1)).toBe('pause');
    h.adapter().state(ENDED);
  });

  it('disable previous without a previous, next without a next, play for a video that cannot play here', async () => {
    const h = await playing(3, 0);
    expect(controlsModel(h.engine.getSnapshot())).toMatchObject({ previousDisabled: true, nextDisabled: false, playDisabled: false });
    await h.engine.next();
    await h.engine.next();
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(PLAYING);
    expect(controlsModel(h.engine.getSnapshot())).toMatchObject({ previousDisabled: false, nextDisabled: true, playDisabled: false });
    const g = harness();
    g.engine.open(video(1, { embeddable: false }), fakeSource(3));
    await settle();
    expect(controlsModel(g.engine.getSnapshot())).toMatchObject({ playDisabled: true, previousDisabled: false, nextDisabled: false });
  });

  it('play is disabled until the player is ready', async () => {
    const h = harness();
    h.engine.open(video(1), fakeSource(3));
    expect(controlsModel(h.engine.getSnapshot()).playDisabled).toBe(true);
  });

  it('volume 0–100 and mute are saved; raising the volume unmutes', async () => {
    const h = await playing(5, 0);
    h.engine.setVolume(140);
    expect(h.prefs.get('currentVideoVolume')).toBe(100);
    h.engine.setVolume(35.4);
    expect(h.prefs.get('currentVideoVolume')).toBe(35);
    h.engine.toggleMute();
    expect(h.prefs.get('currentVideoMuted')).toBe(true);
    expect(h.adapter().calls.at(-1)).toBe('muted:true');
    h.engine.setVolume(50);
    expect(h.engine.getSnapshot()).toMatchObject({ volume: 50, muted: false });
    expect(h.prefs.get('currentVideoMuted')).toBe(false);
  });

  it("playback rate: 1 by default, the item's rates when it names them", async () => {
    const h = harness();
    const source = fakeSource(3, { item: { type: 'playlist', id: '1', name: 'P', availablePlaybackRates: [1, 2], playbackRate: 2 }, key: 'p:1' });
    h.engine.open(video(0), source);
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(PLAYING);
    expect(h.engine.getSnapshot()).toMatchObject({ playbackRate: 2, availablePlaybackRates: [1, 2] });
    h.engine.setPlaybackRate(1.5); // not offered
    expect(h.engine.getSnapshot().playbackRate).toBe(2);
    h.engine.setPlaybackRate(1);
    expect(h.adapter().calls.at(-1)).toBe('rate:1');
  });

  it('captions: refused when unavailable; Off and English when the video has them', async () => {
    const h = await playing(5, 0);
    h.engine.setCaptions('en');
    expect(h.engine.getSnapshot()).toMatchObject({ captionsAvailable: false, captions: null });
    h.adapter().captions = true;
    await vi.advanceTimersByTimeAsync(PROGRESS_TICK_MS);
    expect(h.engine.getSnapshot().captionsAvailable).toBe(true);
    h.engine.setCaptions('en');
    expect(h.engine.getSnapshot().captions).toBe('en');
    expect(h.adapter().calls.at(-1)).toBe('captions:en');
    h.engine.setCaptions(null);
    expect(h.adapter().calls.at(-1)).toBe('captions:null');
  });
});

describe('queue and current item', () => {
  it('keeps the loaded list when another video of the same source is chosen', async () => {
    const h = await playing(10, 0);
    h.engine.open(video(5), fakeSource(10)); // same key
    await settle();
    expect(h.source.fetches).toEqual([null]);
    expect(h.engine.getSnapshot().index).toBe(5);
  });

  it('setSource swaps the list and keeps the video', async () => {
    const h = await playing(10, 0);
    h.engine.setSource(fakeSource(3, { key: 'channel:other' }));
    await settle();
    expect(h.engine.getSnapshot()).toMatchObject({ state: PLAYING, video: { externalId: 'vid0' } });
    expect(h.adapter().destroyed).toBe(false);
  });

  it('close stops everything', async () => {
    const h = await playing(10, 0);
    h.engine.close();
    expect(h.engine.getSnapshot()).toMatchObject({ video: null, item: null, state: UNSTARTED, status: 'idle' });
  });
});

describe('onFirstPlay (analytics: eca_play)', () => {
  it('reports a video once, when it first plays (not on pause and play again), and the next video again', async () => {
    const played: string[] = [];
    const h = harness({ onFirstPlay: (v) => played.push(v.externalId) });
    h.engine.open(video(0), fakeSource(3));
    await settle();
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(BUFFERING);
    expect(played).toEqual([]);
    h.adapter().state(PLAYING).state(PAUSED).state(PLAYING).state(BUFFERING).state(PLAYING);
    expect(played).toEqual(['vid0']);
    await h.engine.next();
    await vi.advanceTimersByTimeAsync(CREATE_DELAY_MS);
    h.adapter().ready(PLAYING);
    expect(played).toEqual(['vid0', 'vid1']);
  });
});
