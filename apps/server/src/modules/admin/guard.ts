import type { Config } from '../../platform/config.js';
import { keptSecret } from '../../platform/secrets.js';

/**
 * The bootstrap token: ADMIN_TOKEN when set; otherwise one generated on first start and kept in
 * DATA_DIR/admin-token. It only makes operators and their API tokens (platform/admin-access.ts).
 */
export function adminToken(config: Pick<Config, 'ADMIN_TOKEN' | 'DATA_DIR'>): string {
  return config.ADMIN_TOKEN ?? keptSecret(config.DATA_DIR, 'admin-token');
}
