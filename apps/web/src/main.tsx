import './shared/api/zod-jitless';
import './shared/theme/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { bootstrap } from './app/bootstrap';
import { createQueryClient } from './app/query-client';
import { reloadOnStaleBuild } from './app/reload-on-stale-build';
import { createAppRouter } from './app/router';
import { initI18n } from './shared/i18n/i18n';

reloadOnStaleBuild();

async function start(): Promise<void> {
  // The locale is known at once, so the start-up calls (which send it) go out while the
  // dictionary loads; nothing renders before it has, so no screen shows raw keys.
  const translations = initI18n();
  const queryClient = createQueryClient();
  bootstrap(queryClient);
  const router = createAppRouter(queryClient);
  try {
    await translations;
  } catch (error) {
    // Nothing can be said without the dictionary (each was tried twice): the offline page has
    // its own words in every language, and its retry comes back here.
    console.error('[i18n] the dictionary could not be loaded', error);
    const from = `${window.location.pathname}${window.location.search}`;
    window.location.replace(`/offline.html?from=${encodeURIComponent(from)}`);
    return;
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for one long task; nothing is on screen to keep responsive
  // yet, and the page still paints as soon as the render completes.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
