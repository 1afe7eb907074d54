import type { MallItemWrite } from '../modules/mall/queries.js';

function vipDays(days: number, costPoints: number, sortOrder: number, stock: number | null = null): MallItemWrite {
  return {
    slug: `vip-${days}d`,
    kind: 'vip_days',
    name: {
      'zh-CN': `${days}天会员`,
      'zh-Hant': `${days}天會員`,
      'en-US': days === 1 ? '1-day VIP' : `${days}-day VIP`,
    },
    description: {
      'zh-CN': `兑换后立即生效，全站会员剧集畅看${days}天；已是会员则顺延。`,
      'zh-Hant': `兌換後立即生效，全站會員劇集暢看${days}天；已是會員則順延。`,
      'en-US': `Watch every VIP episode for ${days} ${days === 1 ? 'day' : 'days'}, starting now; added on to an active membership.`,
    },
    costPoints,
    value: days,
    stock,
    sortOrder,
  };
}

/** The points mall on a fresh start: VIP days, cheaper per day in bigger packs. */
export const seedMallItems: MallItemWrite[] = [
  vipDays(1, 100, 1),
  vipDays(3, 280, 2),
  vipDays(7, 600, 3),
  vipDays(30, 2200, 4),
];
