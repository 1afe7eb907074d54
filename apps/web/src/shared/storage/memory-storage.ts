/** A Map-backed localStorage on `window`, for unit tests that run in Node. */
export function installMemoryStorage(): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
  Object.assign(globalThis, {
    window: { localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  return data;
}
