import { useSyncExternalStore } from 'react';
import type { CodeChannel, CodePurpose } from '@drama/contracts';

/**
 * When each destination may get its next code, and how many it may still get today, as the
 * server last said (`resendAfter`, `remainingToday`, or a CODE_COOLDOWN's details). Kept per
 * destination and purpose for the app's lifetime, so leaving and re-entering a form (or going
 * from the reset page to the verification page) keeps the countdown.
 */
interface Cooldown {
  until: number;
  remainingToday: number | null;
}

const TICK_MS = 250;
const entries = new Map<string, Cooldown>();
const listeners = new Set<() => void>();
// The clock the countdowns render from: moves on each tick, so a render is a pure function of it.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

export function cooldownKey(purpose: CodePurpose, channel: CodeChannel, target: string): string {
  return `${purpose}:${channel}:${target}`;
}

function anyRunning(): boolean {
  for (const entry of entries.values()) if (entry.until > now) return true;
  return false;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function syncTimer(): void {
  const wanted = listeners.size > 0 && anyRunning();
  if (wanted && timer === null) {
    timer = setInterval(() => {
      now = Date.now();
      emit();
      syncTimer();
    }, TICK_MS);
  } else if (!wanted && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

export function recordCooldown(key: string, seconds: number, remainingToday: number | null, at = Date.now()): void {
  const previous = entries.get(key);
  // The snapshot must change for subscribers to re-render, even within the same millisecond.
  now = at === now ? at + 0.001 : at;
  entries.set(key, {
    until: at + Math.max(0, seconds) * 1000,
    remainingToday: remainingToday ?? previous?.remainingToday ?? null,
  });
  emit();
  syncTimer();
}

export interface CooldownState {
  secondsLeft: number;
  remainingToday: number | null;
}

export function readCooldown(key: string, at = now): CooldownState {
  const entry = entries.get(key);
  if (!entry) return { secondsLeft: 0, remainingToday: null };
  return { secondsLeft: Math.max(0, Math.ceil((entry.until - at) / 1000)), remainingToday: entry.remainingToday };
}

/** Forgets every countdown (tests). */
export function resetCooldowns(): void {
  entries.clear();
  emit();
  syncTimer();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  now = Date.now();
  syncTimer();
  return () => {
    listeners.delete(listener);
    syncTimer();
  };
}

const getNow = () => now;

/** The countdown of one destination, re-rendering as it ticks. */
export function useCooldown(key: string | null): CooldownState {
  const at = useSyncExternalStore(subscribe, getNow, getNow);
  return key ? readCooldown(key, at) : { secondsLeft: 0, remainingToday: null };
}
