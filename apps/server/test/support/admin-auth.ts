import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_BASE, type OperatorRole } from '@drama/contracts';
import type { TestApp } from './test-app.js';

/** The bootstrap token of a test app: its ADMIN_TOKEN, else the one it kept in DATA_DIR/admin-token. */
export function bootstrapToken(t: TestApp): string {
  return t.ctx.config.ADMIN_TOKEN ?? readFileSync(path.join(t.dataDir, 'admin-token'), 'utf8').trim();
}

const minted = new WeakMap<object, Map<OperatorRole, Promise<{ authorization: string }>>>();

async function mint(t: TestApp, role: OperatorRole): Promise<{ authorization: string }> {
  const headers = { authorization: `Bearer ${bootstrapToken(t)}` };
  const username = `admin-${role}-${Math.random().toString(36).slice(2, 8)}`;
  const made = await t.server.inject({ method: 'POST', url: `${API_BASE}/admin/operators`, headers, payload: { username, role } });
  if (made.statusCode !== 200) throw new Error(`operator not made: ${made.body}`);
  const issued = await t.server.inject({
    method: 'POST',
    url: `${API_BASE}/admin/operators/${username}/tokens`,
    headers,
    payload: { name: 'tests', role },
  });
  if (issued.statusCode !== 200) throw new Error(`token not issued: ${issued.body}`);
  return { authorization: `Bearer ${(issued.json() as { data: { token: string } }).data.token}` };
}

/**
 * The headers of an operator's API token of `role` for the admin calls, made once per app the way
 * an operator starts: the bootstrap token makes the operator and issues their token.
 */
export function adminAuth(t: TestApp, role: OperatorRole = 'owner'): Promise<{ authorization: string }> {
  // The app itself (not the per-file handle, which stays the same across restarts) keys the cache.
  const key = t.ctx;
  let byRole = minted.get(key);
  if (!byRole) minted.set(key, (byRole = new Map()));
  let found = byRole.get(role);
  if (!found) byRole.set(role, (found = mint(t, role)));
  return found;
}

/** The bare token of `adminAuth`, for calls that build their own header or hand it to the command. */
export async function adminApiToken(t: TestApp, role: OperatorRole = 'owner'): Promise<string> {
  return (await adminAuth(t, role)).authorization.replace(/^Bearer /, '');
}
