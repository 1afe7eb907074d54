import type { PointsRecordType } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { PointsRecordRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

export interface PointsChange {
  userId: number;
  type: PointsRecordType;
  /** Signed: positive earns, negative spends. Never 0. */
  amount: number;
  note: string | null;
  reference: string | null;
  now: Date;
}

/**
 * The one way points change: moves the balance and writes the ledger row, inside the caller's
 * transaction, so that the balance is always the sum of the member's rows. The update is
 * guarded (`points + amount >= 0`) and takes the member's row lock, so concurrent spends of
 * one balance queue up and each sees the balance the previous one left; a spend the balance
 * cannot cover changes nothing and fails with INSUFFICIENT_POINTS { current, required }.
 */
export async function changePoints(trx: Db, change: PointsChange): Promise<PointsRecordRow> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`A points change must be a non-zero whole number, not ${change.amount}`);
  }
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', change.amount), updated_at: change.now }))
    .where('id', '=', change.userId)
    .where((eb) => eb(eb('points', '+', change.amount), '>=', 0))
    .returning('points')
    .executeTakeFirst();
  if (!updated) {
    const user = await trx.selectFrom('users').select('points').where('id', '=', change.userId).executeTakeFirst();
    if (!user) throw new AppError('USER_NOT_FOUND', `User ${change.userId} not found`);
    throw new AppError('INSUFFICIENT_POINTS', 'Not enough points', { current: user.points, required: -change.amount });
  }
  return trx
    .insertInto('points_records')
    .values({
      user_id: change.userId,
      type: change.type,
      amount: change.amount,
      balance_after: updated.points,
      note: change.note,
      reference: change.reference,
      created_at: change.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
