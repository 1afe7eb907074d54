import { useMatches } from 'react-router';
import type { TranslationKey } from '../i18n/i18n';

export type Transition = 'fade' | 'slide-left';

/** What each page's route declares; read by the guard, the document title, transitions and pages. */
export interface RouteHandle {
  auth: boolean;
  titleKey?: TranslationKey;
  transition: Transition;
  /** A tab's own page: no back button, a large title. */
  tabRoot?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'transition' in value && 'auth' in value;
}

/** The deepest matched route that describes a page. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
