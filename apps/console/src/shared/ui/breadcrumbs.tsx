import { createContext, useContext } from 'react';

export interface Crumb {
  title: string;
  /** Relative to /console/; none for the current page. */
  path?: string;
}

/** The trail the frame knows from the menu (group, entry); a page adds its own last crumbs. */
export const BreadcrumbContext = createContext<readonly Crumb[]>([]);

export function useFrameCrumbs(): readonly Crumb[] {
  return useContext(BreadcrumbContext);
}
