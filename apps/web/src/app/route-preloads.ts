/**
 * Routes a visit often starts on (shared links, the tabs), with their page modules and, where
 * the page cannot show anything without it, its first call. The build writes each page's
 * chunks into index.html's early script, which asks for the visited route's chunks and call
 * beside the app's own files instead of after the app has run: on HTTP/1.1 the two dozen small
 * chunks of the player otherwise queue behind each other once the app starts, and its call
 * behind them. The route table's test keeps the paths and calls equal to the app's.
 */
export interface PreloadedRoute {
  path: string;
  page: string;
  /** An API address (API_BASE and path), with the route's `:params` (whole numbers only). */
  call?: string;
}

export const PRELOADED_ROUTES: readonly PreloadedRoute[] = [
  { path: '/', page: 'src/features/home/pages/home-page.tsx' },
  { path: '/explore', page: 'src/features/explore/pages/explore-page.tsx' },
  { path: '/category', page: 'src/features/category/pages/category-page.tsx' },
  { path: '/search', page: 'src/features/search/pages/search-page.tsx' },
  { path: '/player/:id', page: 'src/features/player/pages/player-page.tsx', call: '/api/v1/client/dramas/:id' },
];

const paramNames = (path: string) => path.split('/').filter((part) => part.startsWith(':'));

/** A route path as the early script matches it: `/player/:id` becomes `^/player/([^/]+)/?$`. */
export function routePattern(path: string): string {
  if (path === '/') return '^/$';
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${escaped}/?$`;
}

/** A call as the early script fills it in: each `:param` becomes `$n`, the route's nth capture. */
export function callTemplate(route: PreloadedRoute): string | null {
  if (!route.call) return null;
  const names = paramNames(route.path);
  return route.call.replace(/:\w+/g, (name) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`${route.call} uses ${name}, which ${route.path} does not have`);
    return `$${index + 1}`;
  });
}
