import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const visible = () => document.visibilityState !== 'hidden';

/** False while the browser tab is in the background. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, visible, () => true);
}
