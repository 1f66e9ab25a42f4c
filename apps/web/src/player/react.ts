import { useSyncExternalStore } from 'react';
import type { PlayerEngine, PlayerSnapshot, PlayerTime } from './engine';
import type { PlayerVideo } from './types';

/** The thin React binding: the engine's snapshot, re-rendering on every change but the time's (below). */
export function usePlayerSnapshot<V extends PlayerVideo>(engine: PlayerEngine<V>): PlayerSnapshot<V> {
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/** The playback time, re-rendering as it moves (the seek bar, the clock): the rest of the player does not. */
export function usePlayerTime<V extends PlayerVideo>(engine: PlayerEngine<V>): PlayerTime {
  return useSyncExternalStore(engine.subscribeTime, engine.getTime, engine.getTime);
}
