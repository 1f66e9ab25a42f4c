import { useSyncExternalStore } from 'react';
import type { PlayerEngine, PlayerSnapshot } from './engine';
import type { PlayerVideo } from './types';

/** The thin React binding: the engine's snapshot, re-rendering on every change. */
export function usePlayerSnapshot<V extends PlayerVideo>(engine: PlayerEngine<V>): PlayerSnapshot<V> {
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}
