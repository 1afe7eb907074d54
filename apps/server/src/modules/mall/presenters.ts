import type { Locale, MallItem } from '@drama/contracts';
import type { MallItemRow } from '../../db/schema.js';
import { pickText } from '../../platform/locale.js';

export function presentMallItem(row: MallItemRow, locale: Locale): MallItem {
  return {
    id: row.id,
    kind: row.kind,
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    costPoints: row.cost_points,
    value: row.value,
    stock: row.stock,
  };
}
