import { STORAGE_KEYS } from '@drama/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLocalWatchHistory, recordLocalWatch } from '../../../shared/watch-history/local-watch-history';
import { installMemoryStorage } from '../../../shared/storage/memory-storage';

let storage: Map<string, string>;
beforeEach(() => {
  storage = installMemoryStorage();
});

describe("a guest's local watch history", () => {
  it('keeps at most 50 entries, dropping the oldest', () => {
    for (let dramaId = 1; dramaId <= 55; dramaId += 1) {
      recordLocalWatch({ dramaId, episodeId: dramaId * 100, timestamp: dramaId, progress: 0 });
    }
    const history = readLocalWatchHistory();
    expect(history).toHaveLength(50);
    expect(history[0]?.dramaId).toBe(55);
    expect(history.at(-1)?.dramaId).toBe(6);
    expect(JSON.parse(storage.get(STORAGE_KEYS.watchHistory) ?? '[]')).toHaveLength(50);
  });

  it('keeps one entry per drama, moved to the front with its latest episode and second', () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1, progress: 5 });
    recordLocalWatch({ dramaId: 2, episodeId: 20, timestamp: 2, progress: 0 });
    recordLocalWatch({ dramaId: 1, episodeId: 11, timestamp: 3, progress: 20 });
    expect(readLocalWatchHistory()).toEqual([
      { dramaId: 1, episodeId: 11, timestamp: 3, progress: 20 },
      { dramaId: 2, episodeId: 20, timestamp: 2, progress: 0 },
    ]);
  });
});
