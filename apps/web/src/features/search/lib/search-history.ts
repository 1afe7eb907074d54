import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX, STORAGE_KEYS } from '@drama/contracts';
import { readJson, removeKey, writeJson } from '../../../shared/storage/local-storage';

/** The viewer's own searches, kept on the device: most recent first, no repeats, at most this many. */
export const SEARCH_HISTORY_MAX = 20;

const storedSchema = z.array(z.string());
const EMPTY: readonly string[] = [];

const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

/** Spaces are collapsed so that "ceo  wife" and "ceo wife" are one entry. */
export function normaliseTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').slice(0, SEARCH_KEYWORD_MAX);
}

function sameTerm(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/** Drops blanks and repeats from whatever was stored (an older version, a hand edit). */
function tidy(terms: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (const raw of terms) {
    const term = normaliseTerm(raw);
    if (term && !out.some((kept) => sameTerm(kept, term))) out.push(term);
    if (out.length === SEARCH_HISTORY_MAX) break;
  }
  return out;
}

export function readSearchHistory(): readonly string[] {
  cache ??= tidy(readJson(STORAGE_KEYS.searchHistory, storedSchema) ?? EMPTY);
  return cache;
}

function save(next: readonly string[]): void {
  cache = next;
  if (next.length === 0) removeKey(STORAGE_KEYS.searchHistory);
  else writeJson(STORAGE_KEYS.searchHistory, next);
  for (const listener of listeners) listener();
}

/** Puts a term first; the same term searched again moves up instead of appearing twice. */
export function addSearchTerm(raw: string): void {
  const term = normaliseTerm(raw);
  if (!term) return;
  const rest = readSearchHistory().filter((kept) => !sameTerm(kept, term));
  save([term, ...rest].slice(0, SEARCH_HISTORY_MAX));
}

export function removeSearchTerm(term: string): void {
  save(readSearchHistory().filter((kept) => kept !== term));
}

export function clearSearchHistory(): void {
  save(EMPTY);
}

/** For tests: forget what was read, so the next read goes to storage again. */
export function resetSearchHistoryCache(): void {
  cache = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's searches show up here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.searchHistory) return;
    cache = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSearchHistory(): readonly string[] {
  return useSyncExternalStore(subscribe, readSearchHistory, readSearchHistory);
}
