import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@drama/contracts';
import { readString, writeString } from '../storage/local-storage';

/** The values VueUse's useColorMode stores, kept so that existing stored choices still apply. */
export const THEME_PREFERENCES = ['light', 'dark', 'auto'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
// Matches --color-bg of each theme so the browser chrome blends into the page.
const THEME_COLORS: Record<ResolvedTheme, string> = { dark: '#0b0b0f', light: '#f6f6f8' };

const listeners = new Set<() => void>();
let state: ThemeState = { preference: 'auto', resolved: 'light' };
let started = false;

function isPreference(value: string | null): value is ThemePreference {
  return value !== null && (THEME_PREFERENCES as readonly string[]).includes(value);
}

function systemTheme(): ResolvedTheme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function apply(preference: ThemePreference): void {
  const resolved = preference === 'auto' ? systemTheme() : preference;
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
  state = { preference, resolved };
  for (const listener of listeners) listener();
}

/** Applies the stored choice (nothing stored means follow the system) and tracks system changes. */
export function initTheme(): void {
  const stored = readString(STORAGE_KEYS.theme);
  apply(isPreference(stored) ? stored : 'auto');
  if (started) return;
  started = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (state.preference === 'auto') apply('auto');
  });
}

/** Shows a theme without keeping it as the viewer's choice (the console's legal preview). */
export function showTheme(theme: ResolvedTheme): void {
  apply(theme);
}

export function setThemePreference(preference: ThemePreference): void {
  // 'auto' is stored like VueUse does, so an explicit "follow system" survives a reload.
  writeString(STORAGE_KEYS.theme, preference);
  apply(preference);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): ThemeState {
  return state;
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, getState, getState);
}
