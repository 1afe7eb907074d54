import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { currentLocale } from '../shared/i18n/i18n';
import { registerNavigator } from '../shared/navigation/navigator';
import { createGuardMiddleware } from './guard-middleware';
import { AppLayout } from './layout/app-layout';
import { RootErrorPage, RouteErrorPage } from './route-error-page';
import { APP_ROUTES, NOT_FOUND_HANDLE, REDIRECTS } from './route-table';

export function createAppRouter(queryClient: QueryClient) {
  const pages: RouteObject[] = APP_ROUTES.map(({ path, page, prefetch, ...handle }) => ({
    path,
    handle,
    ErrorBoundary: RouteErrorPage,
    // Not awaited: the page renders its own skeletons; this only gets the calls going early.
    loader: prefetch
      ? ({ params, request }) => {
          prefetch(queryClient, currentLocale(), params, new URL(request.url).searchParams);
          return null;
        }
      : undefined,
    // Only an arrival at the route starts its calls, not a change to its query string (the
    // player keeps `?episode=` in step): a page's later calls are its own.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      prefetch ? currentUrl.pathname !== nextUrl.pathname : defaultShouldRevalidate,
    lazy: async () => ({ Component: await page() }),
  }));

  const redirects: RouteObject[] = REDIRECTS.map(({ from, to }) => ({
    path: from,
    loader: ({ request }) => redirect(`${to}${new URL(request.url).search}`),
  }));

  const notFound: RouteObject = {
    path: '*',
    handle: NOT_FOUND_HANDLE,
    ErrorBoundary: RouteErrorPage,
    lazy: async () => ({
      Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage,
    }),
  };

  // The guard reads the router's own state to cancel a navigation, so it is bound after creation.
  let currentHref: () => string | null = () => null;

  const router = createBrowserRouter([
    {
      id: 'root',
      Component: AppLayout,
      ErrorBoundary: RootErrorPage,
      HydrateFallback: () => null,
      middleware: [createGuardMiddleware(() => currentHref())],
      children: [...pages, ...redirects, notFound],
    },
  ]);

  currentHref = () => {
    if (!router.state.initialized) return null;
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  registerNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
