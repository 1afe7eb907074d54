import { useSyncExternalStore } from 'react';
import { LIMITS } from '@drama/contracts';

export const TOAST_KINDS = ['success', 'error', 'warning', 'info', 'loading'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const MAX_VISIBLE = 3;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  emit(toasts.filter((item) => item.id !== id));
}

function schedule(id: number, kind: ToastKind): void {
  const existing = timers.get(id);
  if (existing) clearTimeout(existing);
  // A loading toast stays until its work ends and the caller dismisses or replaces it.
  if (kind === 'loading') return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), LIMITS.toastMs),
  );
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  const next = [...toasts, { id, kind, message }];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  emit(next.slice(-MAX_VISIBLE));
  schedule(id, kind);
  return id;
}

/** Turns a loading toast into its outcome in place, so the stack does not jump. */
function update(id: number, kind: ToastKind, message: string): void {
  if (!toasts.some((item) => item.id === id)) {
    show(kind, message);
    return;
  }
  emit(toasts.map((item) => (item.id === id ? { id, kind, message } : item)));
  schedule(id, kind);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  loading: (message: string) => show('loading', message),
  update,
  dismiss: dismissToast,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getToasts(): readonly Toast[] {
  return toasts;
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
