import type { UserInfo, UserProfile } from '@drama/contracts';
import type { UserRow } from '../../db/schema.js';

/** The user info the client keeps (spec section 3). */
export function presentUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    email: row.email,
    points: row.points,
    vipLevel: row.vip_level,
    vipExpireTime: row.vip_expire_time?.toISOString() ?? null,
    status: row.status,
  };
}

/** The member's own profile: the user info plus the bound phone and when they joined. */
export function presentProfile(row: UserRow): UserProfile {
  return { ...presentUserInfo(row), nickname: row.nickname, phone: row.phone, createdAt: row.created_at.toISOString() };
}

