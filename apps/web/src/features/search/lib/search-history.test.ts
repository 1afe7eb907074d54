import { STORAGE_KEYS } from '@drama/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../shared/storage/memory-storage';
import {
  SEARCH_HISTORY_MAX,
  addSearchTerm,
  clearSearchHistory,
  readSearchHistory,
  removeSearchTerm,
  resetSearchHistoryCache,
} from './search-history';

let storage: Map<string, string>;
beforeEach(() => {
  storage = installMemoryStorage();
  resetSearchHistoryCache();
});

function stored(): unknown {
  const raw = storage.get(STORAGE_KEYS.searchHistory);
  return raw === undefined ? undefined : JSON.parse(raw);
}

describe('search history', () => {
  it('keeps the most recent term first and saves it under search_history', () => {
    addSearchTerm('总裁');
    addSearchTerm('Midnight');
    expect(readSearchHistory()).toEqual(['Midnight', '总裁']);
    expect(stored()).toEqual(['Midnight', '总裁']);
  });

  it('moves a repeated term to the front instead of keeping it twice, ignoring case and extra spaces', () => {
    addSearchTerm('midnight witness');
    addSearchTerm('龙婿');
    addSearchTerm('  Midnight   Witness ');
    expect(readSearchHistory()).toEqual(['Midnight Witness', '龙婿']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} terms, dropping the oldest`, () => {
    for (let index = 1; index <= SEARCH_HISTORY_MAX + 5; index += 1) addSearchTerm(`term ${index}`);
    const history = readSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe(`term ${SEARCH_HISTORY_MAX + 5}`);
    expect(history.at(-1)).toBe('term 6');
  });

  it('ignores blank terms', () => {
    addSearchTerm('   ');
    expect(readSearchHistory()).toEqual([]);
    expect(stored()).toBeUndefined();
  });

  it('removes one term, and clearing removes the stored key', () => {
    addSearchTerm('a');
    addSearchTerm('b');
    addSearchTerm('c');
    removeSearchTerm('b');
    expect(readSearchHistory()).toEqual(['c', 'a']);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    expect(storage.has(STORAGE_KEYS.searchHistory)).toBe(false);
  });

  it('reads what is stored, tidying blanks and repeats, and discards a value of the wrong shape', () => {
    storage.set(STORAGE_KEYS.searchHistory, JSON.stringify(['龙婿', ' ', 'CEO', 'ceo', '龙婿']));
    expect(readSearchHistory()).toEqual(['龙婿', 'CEO']);

    resetSearchHistoryCache();
    storage.set(STORAGE_KEYS.searchHistory, JSON.stringify({ not: 'a list' }));
    expect(readSearchHistory()).toEqual([]);
    expect(storage.has(STORAGE_KEYS.searchHistory)).toBe(false);
  });
});
