import { useSyncExternalStore } from 'react';

/** A check the server asked for: the sheet solves it and settles the promise with the payload. */
export interface PendingChallenge {
  id: number;
  resolve: (payload: string | null) => void;
}

const listeners = new Set<() => void>();
let pending: PendingChallenge | null = null;
let nextId = 1;

function emit(next: PendingChallenge | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the challenge sheet and resolves with the solved payload, or null when the person
 * closes it. A second ask while one is open shares the first one's answer.
 */
export function askForChallenge(): Promise<string | null> {
  const current = pending;
  if (current) {
    return new Promise((resolve) => {
      const first = current.resolve;
      current.resolve = (payload) => {
        first(payload);
        resolve(payload);
      };
    });
  }
  return new Promise((resolve) => emit({ id: nextId++, resolve }));
}

export function settleChallenge(id: number, payload: string | null): void {
  if (!pending || pending.id !== id) return;
  const { resolve } = pending;
  emit(null);
  resolve(payload);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => pending;

export function usePendingChallenge(): PendingChallenge | null {
  return useSyncExternalStore(subscribe, current, current);
}
