import type { ComponentType } from 'react';
import type { OperatorRole } from '@drama/contracts';
import {
  GiftOutlined,
  AccountBookOutlined,
  ReconciliationOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  FunnelPlotOutlined,
  IdcardOutlined,
  PlaySquareOutlined,
  TagsOutlined,
  AuditOutlined,
  KeyOutlined,
  TeamOutlined,
  UserOutlined,
  CommentOutlined,
  ShopOutlined,
  TrophyOutlined,
  MailOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { FeedbackNavBadge } from '../features/feedback/nav-badge';
import type { MessageKey } from '../shared/i18n/translate';
import { mayUse } from '../shared/session/access';
import { accessOf } from './routes';

/**
 * The left menu, grouped by job. An entry shows only when its page exists (routes.ts) and the
 * operator's role may open it; a group shows only with an entry. Groups without screens yet are
 * listed empty so that new screens land in their agreed place.
 */
export interface NavEntry {
  /** A path of routes.ts. */
  path: string;
  label: MessageKey;
  icon: ComponentType;
  /** Shown after the label (a count waiting for the operator); renders nothing when there is none. */
  badge?: ComponentType;
}

export interface NavGroup {
  key: string;
  label: MessageKey;
  entries: readonly NavEntry[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  { key: 'overview', label: 'nav.overview', entries: [{ path: 'dashboard', label: 'nav.dashboard', icon: DashboardOutlined }] },
  {
    key: 'content',
    label: 'nav.content',
    entries: [
      { path: 'dramas', label: 'nav.dramas', icon: PlaySquareOutlined },
      { path: 'categories', label: 'nav.terms', icon: TagsOutlined },
      { path: 'home-slots', label: 'nav.homeSlots', icon: AppstoreOutlined },
      { path: 'funnel', label: 'nav.funnel', icon: FunnelPlotOutlined },
    ],
  },
  { key: 'members', label: 'nav.members', entries: [{ path: 'members', label: 'nav.memberSearch', icon: IdcardOutlined }] },
  {
    key: 'money',
    label: 'nav.money',
    entries: [
      { path: 'orders', label: 'nav.orders', icon: AccountBookOutlined },
      { path: 'reconciliation', label: 'nav.reconciliation', icon: ReconciliationOutlined },
    ],
  },
  {
    key: 'campaigns',
    label: 'nav.campaigns',
    entries: [
      { path: 'campaigns', label: 'nav.redeemCampaigns', icon: GiftOutlined },
      // Points: the mall's items and the tasks' rewards.
      { path: 'mall-items', label: 'nav.mallItems', icon: ShopOutlined },
      { path: 'task-rewards', label: 'nav.taskRewards', icon: TrophyOutlined },
    ],
  },
  { key: 'support', label: 'nav.support', entries: [{ path: 'feedback', label: 'nav.feedback', icon: CommentOutlined, badge: FeedbackNavBadge }] },
  {
    key: 'settings',
    label: 'nav.settings',
    entries: [
      { path: 'account', label: 'nav.account', icon: UserOutlined },
      { path: 'settings', label: 'nav.systemSettings', icon: SettingOutlined },
      { path: 'outbox', label: 'nav.outbox', icon: MailOutlined },
    ],
  },
  {
    key: 'operators',
    label: 'nav.operators',
    entries: [
      { path: 'operators', label: 'nav.operatorList', icon: TeamOutlined },
      { path: 'tokens', label: 'nav.tokens', icon: KeyOutlined },
      { path: 'audit', label: 'nav.audit', icon: AuditOutlined },
    ],
  },
];

export function visibleNav(role: OperatorRole, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => mayUse(role, accessOf(entry.path))) }))
    .filter((group) => group.entries.length > 0);
}

/** The first page the operator may open: where /console/ leads. */
export function homePath(role: OperatorRole): string {
  return visibleNav(role)[0]?.entries[0]?.path ?? 'account';
}

/** The menu entry a location belongs to (its first path segment), with its group, for the menu and the breadcrumbs. */
export function navLocation(pathname: string, groups: readonly NavGroup[] = NAV_GROUPS): { group: NavGroup; entry: NavEntry } | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  for (const group of groups) {
    const entry = group.entries.find((candidate) => candidate.path.split('/')[0] === first);
    if (entry) return { group, entry };
  }
  return null;
}
