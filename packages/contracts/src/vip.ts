import type { UserInfo } from './user.js';

/**
 * Whether a member's VIP is in force now. Kept out of user.ts, which defines schemas: the
 * player and the explore feed ask this on their first load, and must not bring zod with it.
 */
export function isVipActive(user: Pick<UserInfo, 'vipLevel' | 'vipExpireTime'>, now = new Date()): boolean {
  return user.vipLevel > 0 && user.vipExpireTime !== null && new Date(user.vipExpireTime) > now;
}
