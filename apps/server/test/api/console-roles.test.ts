import { isDeepStrictEqual } from 'node:util';
import { API_BASE, OPERATOR_ROLES, type OperatorRole } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRule } from '../../src/platform/operators.js';
import { roleAllows } from '../../src/platform/operators.js';
import { AUDITED_CALLS, auditedCall } from '../support/audited-calls.js';
import { type ConsoleCaller, consoleAs, operatorToken } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const CONSOLE_PREFIX = '/api/v1/console';

function consoleRoutes() {
  return t.routes.filter((route) => route.url.startsWith(CONSOLE_PREFIX) && route.method !== 'HEAD');
}

/** A path to call: every parameter filled with an id nobody has, so a call that passes the role check changes nothing. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => (name === 'token' ? 'AAAAAAAAAAAAAAAAAAAAAAAA' : name === 'lang' ? 'en' : '987654'));
}

describe('every console route has a role rule, checked on the server', () => {
  const callers = new Map<OperatorRole, ConsoleCaller>();
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) callers.set(role, await consoleAs(t, role));
  });

  it('declares a rule for each console route, and an audit action for each change', () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const withoutRule = routes.filter((route) => !route.config.console).map((route) => `${route.method} ${route.url}`);
    expect(withoutRule, 'console routes with no role rule').toEqual([]);
    const unaudited = routes
      .filter((route) => route.method !== 'GET' && !('public' in (route.config.console as ConsoleRule)) && !route.config.console?.audit)
      .map((route) => `${route.method} ${route.url}`)
      // Signing out and starting a set-up change nothing worth a record; uploads are audited when they become episodes.
      .filter((name) => !/\/auth\/(sign-out|totp\/setup)$/.test(name) && !/\/uploads(\/|$)/.test(name));
    expect(unaudited, 'console changes that write no audit row').toEqual([]);
  });

  it('writes, for each change that declares an audit action, exactly that row, naming its operator and target', async () => {
    const audited = consoleRoutes().filter((route) => route.config.console?.audit);
    const declared = audited.map((route) => `${route.method} ${route.url.slice(API_BASE.length)}`);
    // Every call in the list is a route's: a route renamed or removed leaves no stale entry.
    expect(Object.keys(AUDITED_CALLS).filter((key) => key.includes(' /console/') && !declared.includes(key))).toEqual([]);
    const failures: string[] = [];
    for (const route of audited) {
      const path = route.url.slice(API_BASE.length);
      // Each call by an owner of its own: some change the caller (password, two-factor).
      const owner = await consoleAs(t, 'owner');
      const outcome = await auditedCall(t, route.method, path, route.config.console?.audit ?? '', { headers: owner.headers, operatorId: owner.operator.id, via: 'session' }).catch(
        (error: unknown) => String(error),
      );
      if (typeof outcome === 'string') failures.push(`${route.method} ${path}: ${outcome}`);
      else if (outcome.status !== outcome.okStatus) failures.push(`${route.method} ${path}: answered ${outcome.status} ${outcome.answer}`);
      else if (!isDeepStrictEqual(outcome.written, [outcome.expected])) {
        failures.push(`${route.method} ${path}: wrote ${JSON.stringify(outcome.written)}, not ${JSON.stringify(outcome.expected)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses a call without a session on every route that needs one', async () => {
    for (const route of consoleRoutes()) {
      const rule = route.config.console as ConsoleRule;
      if ('public' in rule) continue;
      const response = await t.server.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers each role as its rule says, before looking at the input', async () => {
    const failures: string[] = [];
    for (const route of consoleRoutes()) {
      const rule = route.config.console as ConsoleRule;
      if ('public' in rule) continue;
      for (const role of OPERATOR_ROLES) {
        // Sign-out would end the session the next routes use.
        if (route.url.endsWith('/auth/sign-out')) continue;
        const caller = callers.get(role) as ConsoleCaller;
        const response = await t.server.inject({ method: route.method as 'GET', url: concrete(route.url), headers: caller.headers, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        const forbidden = response.statusCode === 403 && response.json().code === 'OPERATOR_FORBIDDEN';
        const allowed = roleAllows(role, rule.role);
        if (allowed === forbidden) failures.push(`${role} ${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Every console route times every role: about 400 calls, longer than the default on a busy 2-core machine.
  }, 180_000);

  it("holds an operator's API token (the operator's command) to each route's role as a session is held", async () => {
    // Each token is an owner's, narrowed to its role: what the token's role allows is all it may do.
    const tokens = new Map<OperatorRole, string>();
    for (const role of OPERATOR_ROLES) tokens.set(role, (await operatorToken(t, role)).authorization);
    const failures: string[] = [];
    for (const route of consoleRoutes()) {
      const rule = route.config.console as ConsoleRule;
      if ('public' in rule) continue;
      for (const role of OPERATOR_ROLES) {
        const response = await t.server.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: tokens.get(role) ?? '' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const forbidden = response.statusCode === 403 && response.json().code === 'OPERATOR_FORBIDDEN';
        // A token is never taken for nobody: a 401 here would be a route that ignores the bearer.
        // Session-only routes (password, two-factor, making tokens) refuse every token.
        const allowed = roleAllows(role, rule.role) && !rule.sessionOnly;
        if (allowed === forbidden || response.statusCode === 401) {
          failures.push(`${role} ${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
