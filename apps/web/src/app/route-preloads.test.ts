import { existsSync, readFileSync } from 'node:fs';
import { API_BASE, apiPaths } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { PRELOADED_ROUTES, callTemplate, routePattern } from './route-preloads';
import { APP_ROUTES } from './route-table';

const webRoot = new URL('../../', import.meta.url);

describe('route preloads', () => {
  it('name routes of the route table, with the page module each one loads', () => {
    const table = readFileSync(new URL('src/app/route-table.ts', webRoot), 'utf8');
    for (const { path, page } of PRELOADED_ROUTES) {
      expect(APP_ROUTES.map((route) => route.path)).toContain(path);
      expect(existsSync(new URL(page, webRoot)), page).toBe(true);
      // The route table imports the same module, so the build finds its chunk.
      expect(table).toContain(`import('../${page.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });

  it('match the addresses of their route and no other', () => {
    const player = new RegExp(routePattern('/player/:id'));
    expect(player.exec('/player/12')?.[1]).toBe('12');
    expect(player.test('/player/12/')).toBe(true);
    expect(player.test('/player/12/extra')).toBe(false);
    expect(player.test('/player')).toBe(false);
    expect(new RegExp(routePattern('/')).test('/')).toBe(true);
    expect(new RegExp(routePattern('/')).test('/explore')).toBe(false);
    expect(new RegExp(routePattern('/explore')).test('/explorer')).toBe(false);
  });

  it("make the player's call the app makes for the drama", () => {
    const route = PRELOADED_ROUTES.find((candidate) => candidate.path === '/player/:id');
    if (!route) throw new Error('the player is not preloaded');
    expect(callTemplate(route)?.replace('$1', '42')).toBe(`${API_BASE}${apiPaths.drama(42)}`);
  });

  it('refuse a call with a part its route does not have', () => {
    expect(() => callTemplate({ path: '/explore', page: 'x', call: '/api/v1/client/dramas/:id' })).toThrow(/does not have/);
    expect(callTemplate({ path: '/explore', page: 'x' })).toBeNull();
  });
});
