import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { onUnauthenticated } from '../shared/api/console-api';
import { signInPath } from '../shared/session/next-path';
import { FullPageSpin } from '../shared/ui/states';
import { HomeRedirect, NotFound, RequireAccess, RequireOperator } from './guards';
import { CONSOLE_PAGES } from './routes';
import { ConsoleLayout } from './shell/console-layout';

const BASENAME = '/console';

/** The addresses outside the signed-in frame, where a lost session means nothing. */
const PUBLIC_PATHS = /^\/(sign-in|setup)(\/|$)/;

export function createConsoleRouter(queryClient: QueryClient) {
  const pages: RouteObject[] = CONSOLE_PAGES.map((page) => ({
    path: page.path,
    lazy: async () => {
      const { default: Page } = await page.load();
      return {
        element: (
          <RequireAccess access={page.access}>
            <Page />
          </RequireAccess>
        ),
      };
    },
  }));

  const router = createBrowserRouter(
    [
      {
        // Shown while the first page's module loads.
        hydrateFallbackElement: <FullPageSpin />,
        children: [
          { path: 'sign-in', lazy: async () => ({ Component: (await import('../features/auth/sign-in-page')).default }) },
          { path: 'setup', lazy: async () => ({ Component: (await import('../features/auth/setup-link-page')).default }) },
          {
            path: 'two-factor',
            lazy: async () => {
              const { default: Page } = await import('../features/auth/two-factor-page');
              return {
                element: (
                  <RequireOperator>
                    <Page />
                  </RequireOperator>
                ),
              };
            },
          },
          {
            element: (
              <RequireOperator>
                <ConsoleLayout />
              </RequireOperator>
            ),
            children: [{ index: true, element: <HomeRedirect /> }, ...pages, { path: '*', element: <NotFound /> }],
          },
        ],
      },
    ],
    { basename: BASENAME },
  );

  // A call answered "not signed in" anywhere in the frame leads to sign-in and back.
  onUnauthenticated(() => {
    // The router's own state keeps the basename in its paths; navigate() adds it again.
    const { pathname: full, search } = router.state.location;
    const pathname = full.startsWith(BASENAME) ? full.slice(BASENAME.length) || '/' : full;
    if (PUBLIC_PATHS.test(pathname)) return;
    // Leave the frame first: its screens read what clearing the cache removes.
    void router.navigate(signInPath(pathname + search), { replace: true }).then(() => queryClient.clear());
  });
  return router;
}
