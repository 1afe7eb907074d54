import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { vapidKeys } from './vapid-keys.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and the same pair is read back by every later start', () => {
    const dir = dataDir();
    const first = vapidKeys({ DATA_DIR: dir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(vapidKeys({ DATA_DIR: dir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined })).toEqual(first);
  });

  it('come from configuration when set, as a pair, and nothing is written then', () => {
    const dir = dataDir();
    const pair = webpush.generateVAPIDKeys();
    const config = loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(vapidKeys(config)).toEqual(pair);
    expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
  });

  it('stop the start when only one half is set, a key is not base64url P-256, or the subject is not mailto: or https:', () => {
    const pair = webpush.generateVAPIDKeys();
    const refused = (env: Record<string, string>, name: string) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    };
    refused({ VAPID_PUBLIC_KEY: pair.publicKey }, 'VAPID_PRIVATE_KEY');
    refused({ VAPID_PRIVATE_KEY: pair.privateKey }, 'VAPID_PUBLIC_KEY');
    refused({ VAPID_PUBLIC_KEY: `${pair.publicKey}=`, VAPID_PRIVATE_KEY: pair.privateKey }, 'VAPID_PUBLIC_KEY');
    refused({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY');
    refused({ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT');
    refused({ PUSH_ALLOW_LOOPBACK: 'maybe' }, 'PUSH_ALLOW_LOOPBACK');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).VAPID_SUBJECT).toBe('mailto:ops@example.com');
  });
});
