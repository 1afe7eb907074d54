import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALHOST_TLS } from '../../test/support/tls.js';
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

  it('trusts the proxies it is told of, never every hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).TRUST_PROXY).toBe('10.0.0.0/8, 192.0.2.7');
    for (const bad of ['everyone', '10.0.0.0/', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
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

  it('takes a TLS certificate and its key as files or as PEM text', () => {
    const fromFiles = loadConfig({ TLS_CERT: LOCALHOST_TLS.cert, TLS_KEY: LOCALHOST_TLS.key });
    expect(fromFiles.TLS_CERT).toContain('-----BEGIN CERTIFICATE-----');
    expect(fromFiles.TLS_KEY).toContain('PRIVATE KEY-----');
    // As a platform's secret store often gives it: one line, the breaks escaped.
    const escaped = readFileSync(LOCALHOST_TLS.key, 'utf8').replace(/\n/g, '\\n');
    expect(loadConfig({ TLS_CERT: LOCALHOST_TLS.cert, TLS_KEY: escaped }).TLS_KEY).toBe(fromFiles.TLS_KEY);
  });

  it('stops on half a TLS pair, a key that is not the certificate\'s, or a file that is neither', () => {
    expect(() => loadConfig({ TLS_CERT: LOCALHOST_TLS.cert })).toThrow(/TLS_KEY: is required with the other/);
    expect(() => loadConfig({ TLS_KEY: LOCALHOST_TLS.key })).toThrow(/TLS_CERT: is required with the other/);
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadConfig({ TLS_CERT: LOCALHOST_TLS.cert, TLS_KEY: String(other) })).toThrow(/TLS_KEY: is not the private key/);
    expect(() => loadConfig({ TLS_CERT: LOCALHOST_TLS.key, TLS_KEY: LOCALHOST_TLS.key })).toThrow(/TLS_CERT: must be a PEM certificate/);
    expect(() => loadConfig({ TLS_CERT: '/nowhere/cert.pem', TLS_KEY: LOCALHOST_TLS.key })).toThrow(/TLS_CERT: no file at/);
  });
});
