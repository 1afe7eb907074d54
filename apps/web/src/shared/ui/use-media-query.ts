import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, and a re-render when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The wide layout's breakpoint, Tailwind's `lg`: below it the phone layout stays as it is. */
export const WIDE_SCREEN = '(min-width: 1024px)';

export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN);
}
