import { describe, expect, it } from 'vitest';
import { homePath, navLocation, NAV_GROUPS, visibleNav } from './navigation';
import { CONSOLE_PAGES } from './routes';

describe('the menu', () => {
  it('shows an owner every screen that exists', () => {
    const paths = visibleNav('owner').flatMap((group) => group.entries.map((entry) => entry.path));
    expect(paths).toEqual(['dramas', 'categories', 'home-slots', 'members', 'feedback', 'account', 'operators', 'tokens', 'audit']);
  });

  it('shows other roles only what their role may open, and no empty group', () => {
    const groups = visibleNav('content');
    expect(groups.map((group) => group.key)).toEqual(['content', 'settings', 'operators']);
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.path))).toEqual(['dramas', 'categories', 'home-slots', 'account', 'tokens']);
    expect(homePath('content')).toBe('dramas');
    expect(visibleNav('support').map((group) => group.key)).toEqual(['members', 'support', 'settings', 'operators']);
    expect(homePath('support')).toBe('members');
    expect(visibleNav('finance').flatMap((group) => group.entries.map((entry) => entry.path))).toContain('members');
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
