import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('gives defaults that serve a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', APP_TIMEZONE: 'Asia/Shanghai', PAYMENT_CHANNELS: 'sandbox' });
    expect(config.DATA_DIR).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({ DATABASE_URL: undefined, JWT_SECRET: undefined });
  });

  it('takes the shared secrets several instances need', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({ SANDBOX_PAYMENT_SECRET: secret, JWT_SECRET: secret })).toMatchObject({
      SANDBOX_PAYMENT_SECRET: secret,
      JWT_SECRET: secret,
    });
    expect(loadConfig({ SANDBOX_PAYMENT_SECRET: '' }).SANDBOX_PAYMENT_SECRET).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_TIMEZONE', 'Mars/Olympus'],
    ['JWT_SECRET', 'short'],
    ['SANDBOX_PAYMENT_SECRET', 'x'.repeat(31)],
    ['LOG_LEVEL', 'loud'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
