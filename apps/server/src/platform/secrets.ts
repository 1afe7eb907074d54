import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept under DATA_DIR, creating it on first use, so that tokens and signed
 * addresses stay valid across restarts without the operator having to set anything.
 */
export function keptSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 24) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
