import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@drama/contracts';
import { api } from '../../shared/api/api';
import { removeKey } from '../../shared/storage/local-storage';

const SERVICE_WORKER_REPLY_MS = 3_000;

/** Cache Storage, where a service worker keeps responses; absent on plain http and old browsers. */
async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Asks the page's service worker, if one controls it, to drop its caches, and waits up to 3 s
 * for its "caches cleared" reply (spec section 7). No answer is not a failure.
 */
function askServiceWorker(): Promise<void> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, SERVICE_WORKER_REPLY_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'CLEAR_CACHES' }, [channel.port2]);
  });
}

/**
 * "Clear cache" of the settings page: the API client's response cache, the kept system
 * settings, and Cache Storage. The session, preferences and watch history are not a cache.
 */
export async function clearAppCaches(queryClient: QueryClient): Promise<void> {
  api.clearCache();
  removeKey(STORAGE_KEYS.systemSettings);
  await Promise.all([
    clearCacheStorage().catch((error: unknown) => console.warn('[cache] could not clear Cache Storage', error)),
    askServiceWorker(),
  ]);
  // Fetched again from the server now that the kept copy is gone.
  void queryClient.invalidateQueries({ queryKey: ['system-settings'] });
}
