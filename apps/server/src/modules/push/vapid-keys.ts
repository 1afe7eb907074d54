import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../platform/config.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const FILE = 'vapid-keys.json';

function readKept(file: string): VapidKeys | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The VAPID key pair: from configuration when set, otherwise generated once and kept in
 * DATA_DIR (as the other kept secrets are), so devices' subscriptions, made with the public key,
 * stay valid across restarts. Two instances starting at once on one DATA_DIR: the file is
 * created exclusively and the loser reads the winner's pair.
 */
export function vapidKeys(config: Pick<Config, 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = path.join(config.DATA_DIR, FILE);
  const kept = readKept(file);
  if (kept) return kept;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readKept(file);
    if (!winner) throw new Error(`${file} holds no VAPID key pair`);
    return winner;
  }
}
