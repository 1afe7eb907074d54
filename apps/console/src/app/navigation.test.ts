import { describe, expect, it } from 'vitest';
import { homePath, navLocation, NAV_GROUPS, visibleNav } from './navigation';
import { CONSOLE_PAGES } from './routes';

describe('the menu', () => {
  it('shows an owner every screen that exists', () => {
    const paths = visibleNav('owner').flatMap((group) => group.entries.map((entry) => entry.path));
    expect(paths).toEqual([
      'dashboard',
      'dramas',
      'categories',
      'home-slots',
      'funnel',
      'members',
      'orders',
      'reconciliation',
      'campaigns',
      'mall-items',
      'task-rewards',
      'feedback',
      'account',
      'settings',
      'outbox',
      'operators',
      'tokens',
      'audit',
    ]);
  });

  it('shows other roles only what their role may open, and no empty group', () => {
    const groups = visibleNav('content');
    expect(groups.map((group) => group.key)).toEqual(['overview', 'content', 'settings', 'operators']);
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.path))).toEqual(['dashboard', 'dramas', 'categories', 'home-slots', 'funnel', 'account', 'tokens']);
    expect(visibleNav('support').map((group) => group.key)).toEqual(['overview', 'members', 'support', 'settings', 'operators']);
    expect(visibleNav('finance').flatMap((group) => group.entries.map((entry) => entry.path))).toEqual(['dashboard', 'members', 'orders', 'reconciliation', 'campaigns', 'mall-items', 'task-rewards', 'account', 'tokens']);
    // Every role starts on the dashboard, whose figures follow the role.
    for (const role of ['owner', 'content', 'support', 'finance'] as const) expect(homePath(role)).toBe('dashboard');
  });

  it('lists only pages of the route table', () => {
    const routes = new Set(CONSOLE_PAGES.map((page) => page.path));
    for (const entry of NAV_GROUPS.flatMap((group) => group.entries)) expect(routes.has(entry.path), entry.path).toBe(true);
  });

  it('finds the entry of a deeper address for the breadcrumbs', () => {
    expect(navLocation('/audit')?.entry.label).toBe('nav.audit');
    expect(navLocation('/operators/12/sessions')?.group.key).toBe('operators');
    expect(navLocation('/nowhere')).toBeNull();
  });
});
