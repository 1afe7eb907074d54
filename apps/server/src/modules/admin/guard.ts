import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../platform/config.js';
import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { keptSecret } from '../../platform/secrets.js';

/** ADMIN_TOKEN when set; otherwise one generated on first start and kept in DATA_DIR/admin-token. */
export function adminToken(config: Pick<Config, 'ADMIN_TOKEN' | 'DATA_DIR'>): string {
  return config.ADMIN_TOKEN ?? keptSecret(config.DATA_DIR, 'admin-token');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The hook in front of every `/admin/...` call: `Authorization: Bearer <admin token>`,
 * compared in constant time. Admin route plugins of other modules add it the same way:
 * `app.addHook('onRequest', adminGuard(token))`.
 */
export function adminGuard(token: string): onRequestAsyncHookHandler {
  const expected = digest(token);
  return async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new AppError('ADMIN_TOKEN_INVALID', 'A valid admin token is required');
    }
  };
}
