import { useSyncExternalStore } from 'react';
import type { PlayerEngine, PlayerSnapshot, PlayerTime } from './engine';
import type { PlayerVideo } from './types';

/** The thin React binding: the engine's snapshot, re-rendering on every change but the time's (below). */
export function usePlayerSnapshot<V extends PlayerVideo>(engine: PlayerEngine<V>): PlayerSnapshot<V> {
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/**
 * One part of the snapshot, re-rendering only when it changes (`Object.is`): the parts of the watch overlay that do
 * not draw the controls (its title, the video's details, the queue) are not drawn again on each of the player's state
 * changes (decision 059). `select` must answer a primitive or an object the snapshot keeps while it is unchanged (the
 * video, the item, the queue, the view, the leave prompt), never a new object.
 */
export function usePlayerSelect<V extends PlayerVideo, T>(engine: PlayerEngine<V>, select: (snap: PlayerSnapshot<V>) => T): T {
  const get = () => select(engine.getSnapshot());
  return useSyncExternalStore(engine.subscribe, get, get);
}

/** The playback time, re-rendering as it moves (the seek bar, the clock): the rest of the player does not. */
export function usePlayerTime<V extends PlayerVideo>(engine: PlayerEngine<V>): PlayerTime {
  return useSyncExternalStore(engine.subscribeTime, engine.getTime, engine.getTime);
}
