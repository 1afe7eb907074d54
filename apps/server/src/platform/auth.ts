import { USER_STATUS } from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from './errors.js';
import type { TokenService } from './tokens.js';

export type Viewer = Pick<UserRow, 'id' | 'username' | 'status' | 'vip_level' | 'vip_expire_time' | 'token_version'>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function hasActiveVip(viewer: Pick<Viewer, 'vip_level' | 'vip_expire_time'>, now = new Date()): boolean {
  return viewer.vip_level > 0 && viewer.vip_expire_time !== null && viewer.vip_expire_time > now;
}

/**
 * Resolves who is calling. A token counts only while its version matches the user's and the
 * account is active, so a password change or a disabled account ends old tokens at once.
 */
export class Authenticator {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async viewer(request: FastifyRequest): Promise<Viewer | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const claims = this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'status', 'vip_level', 'vip_expire_time', 'token_version'])
      .where('id', '=', claims.userId)
      .executeTakeFirst();
    if (!user || user.token_version !== claims.version || user.status !== USER_STATUS.active) return null;
    return user;
  }

  async requireViewer(request: FastifyRequest): Promise<Viewer> {
    const viewer = await this.viewer(request);
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return viewer;
  }
}
