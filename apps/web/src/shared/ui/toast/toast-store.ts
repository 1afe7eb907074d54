import { useSyncExternalStore } from 'react';

export const TOAST_KINDS = ['success', 'error', 'warning', 'info', 'loading'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const MAX_VISIBLE = 3;
const listeners = new Set<() => void>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.filter((item) => item.id !== id));
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  emit([...toasts, { id, kind, message }].slice(-MAX_VISIBLE));
  return id;
}

/** Turns a loading toast into its outcome in place, so the stack does not jump. */
function update(id: number, kind: ToastKind, message: string): void {
  if (!toasts.some((item) => item.id === id)) {
    show(kind, message);
    return;
  }
  emit(toasts.map((item) => (item.id === id ? { id, kind, message } : item)));
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
