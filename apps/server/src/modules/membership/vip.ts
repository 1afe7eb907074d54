import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { findUserForUpdate, setUserVip } from './queries.js';

const DAY_MS = 86_400_000;

/**
 * When VIP ends after adding `days`: from the current expiry while it is still running, from
 * `now` when it has lapsed or never began (DESIGN.md section 4).
 */
export function vipExpiryAfter(currentExpiry: Date | null, days: number, now: Date): Date {
  const from = currentExpiry && currentExpiry > now ? currentExpiry : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * Adds VIP days to a member, locking their row so that two grants at once both count. Every
 * way of getting VIP (a paid order, the operator's grant, a redeem code) goes through here.
 * Run it inside the caller's transaction; undefined when there is no such user.
 */
export async function extendVip(trx: Db, userId: number, days: number, now: Date): Promise<UserRow | undefined> {
  const user = await findUserForUpdate(trx, userId);
  if (!user) return undefined;
  return setUserVip(trx, userId, {
    level: Math.max(1, user.vip_level),
    expiresAt: vipExpiryAfter(user.vip_expire_time, days, now),
    now,
  });
}
