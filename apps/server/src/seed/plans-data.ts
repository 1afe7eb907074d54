import type { LocalizedText, PlanCode } from '@drama/contracts';

export interface SeedPlan {
  code: PlanCode;
  name: LocalizedText;
  days: number;
  /** Integer fen. */
  priceFen: number;
  /** The struck-through list price, or null when the plan is not discounted. */
  originalPriceFen: number | null;
  sortOrder: number;
}

/** The membership plans on a fresh start (DESIGN.md section 4). Operators change prices in the database. */
export const seedPlans: SeedPlan[] = [
  {
    code: 'week',
    name: { 'zh-CN': '周卡会员', 'zh-Hant': '週卡會員', 'en-US': 'Weekly VIP' },
    days: 7,
    priceFen: 1200,
    originalPriceFen: null,
    sortOrder: 1,
  },
  {
    code: 'month',
    name: { 'zh-CN': '月卡会员', 'zh-Hant': '月卡會員', 'en-US': 'Monthly VIP' },
    days: 30,
    priceFen: 3000,
    originalPriceFen: 3600,
    sortOrder: 2,
  },
  {
    code: 'quarter',
    name: { 'zh-CN': '季卡会员', 'zh-Hant': '季卡會員', 'en-US': 'Quarterly VIP' },
    days: 90,
    priceFen: 7800,
    originalPriceFen: 9000,
    sortOrder: 3,
  },
  {
    code: 'year',
    name: { 'zh-CN': '年卡会员', 'zh-Hant': '年卡會員', 'en-US': 'Annual VIP' },
    days: 365,
    priceFen: 26800,
    originalPriceFen: 36000,
    sortOrder: 4,
  },
];
