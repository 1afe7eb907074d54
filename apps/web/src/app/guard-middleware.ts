import { redirect, replace, type MiddlewareFunction } from 'react-router';
import { initSession, isLoggedIn } from '../shared/session/session-store';
import { decideGuard } from './guard';
import { APP_ROUTES } from './route-table';

const AUTH_ROUTES = APP_ROUTES.filter((route) => route.auth).map((route) => route.path);

/**
 * Runs before every navigation (spec section 4). The session is read first if start-up has not
 * done it yet. A redirect replaces the navigation; any other failure cancels it by staying on
 * the current page, or fails the first load, which has no page to stay on.
 */
export function createGuardMiddleware(currentHref: () => string | null): MiddlewareFunction {
  return ({ request }) => {
    let decision;
    try {
      initSession();
      const url = new URL(request.url);
      decision = decideGuard(url, isLoggedIn(), AUTH_ROUTES);
    } catch (error) {
      console.warn('[guard] navigation cancelled', error);
      const here = currentHref();
      if (here) throw replace(here);
      throw error;
    }
    if (decision.type === 'redirect') throw redirect(decision.to);
  };
}
