import type { ComponentType } from 'react';
import type { Access } from '../shared/session/access';

/**
 * The console's pages inside the signed-in frame: address (under /console/), who may open it,
 * and its module, loaded when first visited. A new screen is one line here (and, when it
 * belongs in the menu, one entry in navigation.ts).
 */
export interface ConsolePage {
  /** Relative to /console/; may hold parameters (`dramas/:id`). */
  path: string;
  access: Access;
  load: () => Promise<{ default: ComponentType }>;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: 'dashboard', access: 'everyone', load: () => import('../features/dashboard/dashboard-page') },
  { path: 'account', access: 'everyone', load: () => import('../features/account/account-page') },
  { path: 'operators', access: ['owner'], load: () => import('../features/operators/operators-page') },
  { path: 'tokens', access: 'everyone', load: () => import('../features/tokens/tokens-page') },
  { path: 'audit', access: ['owner'], load: () => import('../features/audit/audit-page') },
  { path: 'dramas', access: ['content'], load: () => import('../features/catalogue/dramas-page') },
  { path: 'dramas/:id', access: ['content'], load: () => import('../features/catalogue/drama-page') },
  { path: 'categories', access: ['content'], load: () => import('../features/catalogue/terms-page') },
  { path: 'home-slots', access: ['content'], load: () => import('../features/home-slots/home-slots-page') },
  { path: 'funnel', access: ['content'], load: () => import('../features/funnel/funnel-list-page') },
  { path: 'funnel/:id', access: ['content'], load: () => import('../features/funnel/funnel-page') },
  { path: 'members', access: ['support', 'finance'], load: () => import('../features/members/members-page') },
  { path: 'members/:id', access: ['support', 'finance'], load: () => import('../features/members/member-page') },
  { path: 'feedback', access: ['support'], load: () => import('../features/feedback/feedback-page') },
  { path: 'orders', access: ['finance'], load: () => import('../features/orders/orders-page') },
  { path: 'orders/:id', access: ['finance'], load: () => import('../features/orders/order-page') },
  { path: 'reconciliation', access: ['finance'], load: () => import('../features/reconciliation/reconciliation-page') },
  { path: 'reconciliation/:day', access: ['finance'], load: () => import('../features/reconciliation/day-page') },
  { path: 'campaigns', access: ['finance'], load: () => import('../features/campaigns/campaigns-page') },
  { path: 'campaigns/:id', access: ['finance'], load: () => import('../features/campaigns/campaign-page') },
  { path: 'settings', access: ['owner'], load: () => import('../features/settings/settings-page') },
  { path: 'outbox', access: ['support'], load: () => import('../features/outbox/outbox-page') },
  { path: 'mall-items', access: ['finance'], load: () => import('../features/points/mall-items-page') },
  { path: 'task-rewards', access: ['finance'], load: () => import('../features/points/task-rewards-page') },
];

/** Who may open the page at a path of CONSOLE_PAGES; unknown paths are open to no one. */
export function accessOf(path: string): Access {
  return CONSOLE_PAGES.find((page) => page.path === path)?.access ?? [];
}
