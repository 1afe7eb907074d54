import type { Locale, Plan } from '@drama/contracts';
import type { PlanRow } from '../../db/schema.js';
import { pickText } from '../../platform/locale.js';

/** Plans with their price per day; the lowest per day is the best value (the longest plan on a tie). */
export function presentPlans(rows: PlanRow[], locale: Locale): Plan[] {
  const perDay = (row: PlanRow) => row.price_fen / row.days;
  let best: PlanRow | undefined;
  for (const row of rows) {
    if (!best || perDay(row) < perDay(best) || (perDay(row) === perDay(best) && row.days > best.days)) best = row;
  }
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: pickText(row.name, locale),
    days: row.days,
    priceFen: row.price_fen,
    originalPriceFen: row.original_price_fen !== null && row.original_price_fen > row.price_fen ? row.original_price_fen : null,
    pricePerDayFen: perDay(row),
    isBestValue: row === best,
  }));
}
