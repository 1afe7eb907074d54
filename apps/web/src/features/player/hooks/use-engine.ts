import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EngineSnapshot, PlayerEngine } from '../lib/player-engine';

export const EngineContext = createContext<PlayerEngine | null>(null);

export function useEngine(): PlayerEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine outside the player');
  return engine;
}

/** Subscribes to one value of an engine, so only what uses it re-renders (time ticks 4 times a second). */
export function useEngineSelector<T>(engine: PlayerEngine, select: (snapshot: EngineSnapshot) => T): T {
  return useSyncExternalStore(engine.subscribe, () => select(engine.getSnapshot()));
}

/** The same, for the engine of the surrounding player. */
export function useEngineState<T>(select: (snapshot: EngineSnapshot) => T): T {
  return useEngineSelector(useEngine(), select);
}
