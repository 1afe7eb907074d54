import type { PointsRecord } from '@drama/contracts';
import type { PointsRecordRow } from '../../db/schema.js';

export function presentPointsRecord(row: PointsRecordRow): PointsRecord {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balanceAfter: row.balance_after,
    note: row.note,
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
  };
}
