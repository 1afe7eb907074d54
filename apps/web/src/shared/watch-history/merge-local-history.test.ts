import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, apiPaths } from '@drama/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
let token: string | null = 'member-token';
vi.mock('../api/api', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));
vi.mock('../session/session-store', () => ({ getSession: () => ({ token }) }));

const { mergeLocalWatchHistory } = await import('./merge-local-history');
const { readLocalWatchHistory, recordLocalWatch } = await import('./local-watch-history');

let storage: Map<string, string>;

function installStorage(): Map<string, string> {
  const data = new Map<string, string>();
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => data.get(key) ?? null,
        setItem: (key: string, value: string) => void data.set(key, String(value)),
        removeItem: (key: string) => void data.delete(key),
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  return data;
}

function sentBodies(): unknown[] {
  return post.mock.calls.map((call) => (call[1] as { body: unknown }).body);
}

beforeEach(() => {
  storage = installStorage();
  post.mockReset();
  token = 'member-token';
});

describe("merging a guest's history at sign-in", () => {
  it('records nothing locally and sends nothing while the history switch is off; unsent entries wait for it', async () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1_000, progress: 30 });
    storage.set(STORAGE_KEYS.userSettings, JSON.stringify({ privacy: { history: false } }));
    recordLocalWatch({ dramaId: 2, episodeId: 20, timestamp: 2_000, progress: 5 });
    expect(readLocalWatchHistory().map((record) => record.dramaId)).toEqual([1]);

    await mergeLocalWatchHistory(new QueryClient(), 7);
    expect(post).not.toHaveBeenCalled();
    expect(readLocalWatchHistory()[0]?.merged).toBeUndefined();

    storage.set(STORAGE_KEYS.userSettings, JSON.stringify({ privacy: { history: true } }));
    post.mockResolvedValue({ merged: 1 });
    await mergeLocalWatchHistory(new QueryClient(), 7);
    expect(sentBodies()).toEqual([{ records: [{ dramaId: 1, episodeId: 10, progress: 30, timestamp: 1_000 }] }]);
  });

  it('sends the entries once, then flags them as merged and refreshes the history', async () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1_000, progress: 30 });
    recordLocalWatch({ dramaId: 2, episodeId: 20, timestamp: 2_000, position: 12.7 });
    post.mockResolvedValue({ merged: 2 });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await mergeLocalWatchHistory(queryClient, 7);

    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe(apiPaths.mergeWatchRecords());
    expect(sentBodies()[0]).toEqual({
      records: [
        { dramaId: 2, episodeId: 20, progress: 12, timestamp: 2_000 },
        { dramaId: 1, episodeId: 10, progress: 30, timestamp: 1_000 },
      ],
    });
    expect(readLocalWatchHistory().every((record) => record.merged)).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user', 7, 'watch-records'] });

    await mergeLocalWatchHistory(queryClient, 7);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('sends a drama again once it was watched again as a guest', async () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1_000, progress: 30 });
    post.mockResolvedValue({ merged: 1 });
    await mergeLocalWatchHistory(new QueryClient(), 7);
    recordLocalWatch({ dramaId: 1, episodeId: 11, timestamp: 5_000, progress: 4 });
    await mergeLocalWatchHistory(new QueryClient(), 8);
    expect(sentBodies()[1]).toEqual({ records: [{ dramaId: 1, episodeId: 11, progress: 4, timestamp: 5_000 }] });
  });

  it('keeps the entries for a later try when the call fails, and only warns', async () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1_000, progress: 30 });
    post.mockRejectedValueOnce(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');

    await expect(mergeLocalWatchHistory(new QueryClient(), 7)).resolves.toBeUndefined();
    expect(readLocalWatchHistory()[0]?.merged).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    post.mockResolvedValue({ merged: 1 });
    await mergeLocalWatchHistory(new QueryClient(), 7);
    expect(post).toHaveBeenCalledTimes(2);
    expect(readLocalWatchHistory()[0]?.merged).toBe(true);
    warn.mockRestore();
  });

  it('sends at most 50 entries and nothing at all when there is nothing new', async () => {
    storage.set(
      STORAGE_KEYS.watchHistory,
      JSON.stringify(
        Array.from({ length: 60 }, (_, index) => ({ dramaId: index + 1, episodeId: 100 + index, timestamp: index })),
      ),
    );
    post.mockResolvedValue({ merged: 50 });
    await mergeLocalWatchHistory(new QueryClient(), 7);
    expect((sentBodies()[0] as { records: unknown[] }).records).toHaveLength(50);

    storage.set(STORAGE_KEYS.watchHistory, '[]');
    await mergeLocalWatchHistory(new QueryClient(), 7);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('runs one merge at a time', async () => {
    recordLocalWatch({ dramaId: 1, episodeId: 10, timestamp: 1_000, progress: 30 });
    let finish: (value: unknown) => void = () => undefined;
    post.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const first = mergeLocalWatchHistory(new QueryClient(), 7);
    const second = mergeLocalWatchHistory(new QueryClient(), 7);
    finish({ merged: 1 });
    await Promise.all([first, second]);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
