import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import type { TokenService } from '../../src/platform/tokens.js';

export interface BuildUserOptions {
  vipDays?: number;
  status?: 0 | 1;
}

/** Inserts a member and returns it with a valid bearer token. */
export async function buildUser(db: Db, tokens: TokenService, options: BuildUserOptions = {}) {
  const username = `user_${randomBytes(4).toString('hex')}`;
  const vipExpire =
    options.vipDays === undefined ? null : new Date(Date.now() + options.vipDays * 86_400_000);
  const user = await db
    .insertInto('users')
    .values({
      username,
      password_hash: 'not-a-real-hash',
      vip_level: options.vipDays === undefined ? 0 : 1,
      vip_expire_time: vipExpire,
      status: options.status ?? 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = tokens.sign({ userId: user.id, version: user.token_version });
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
