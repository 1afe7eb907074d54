import type { Plan } from '@drama/contracts';

/** What a plan takes off its list price, in fen, or null when it sells at that price. */
export function planSaving(plan: Pick<Plan, 'priceFen' | 'originalPriceFen'>): number | null {
  const { priceFen, originalPriceFen } = plan;
  return originalPriceFen !== null && originalPriceFen > priceFen ? originalPriceFen - priceFen : null;
}
