import { useSyncExternalStore } from 'react';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** Paints the confirm button as destructive (sign out, delete). */
  danger?: boolean;
}

export interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

const listeners = new Set<() => void>();
let queue: readonly PendingConfirm[] = [];
let nextId = 1;

function emit(next: readonly PendingConfirm[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Resolves true on confirm, false on cancel, Escape or a tap outside. One dialog at a time. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    emit([...queue, { ...options, id: nextId++, resolve }]);
  });
}

export function settleConfirm(id: number, confirmed: boolean): void {
  const pending = queue.find((item) => item.id === id);
  if (!pending) return;
  emit(queue.filter((item) => item.id !== id));
  pending.resolve(confirmed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): PendingConfirm | null {
  return queue[0] ?? null;
}

export function useCurrentConfirm(): PendingConfirm | null {
  return useSyncExternalStore(subscribe, current, current);
}
