import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { channelKeys, liveChannelEnv } from '../../../test/support/payment-stand-ins.js';
import { PaymentChannels } from './channel-registry.js';

const db = {} as Db;
const options = { sandboxSecret: () => 'sandbox-secret-for-tests-0123456789', clock: () => new Date() };

describe('payment channel settings', () => {
  const keys = channelKeys();
  const live = liveChannelEnv(keys, 'http://127.0.0.1:9');

  it('offers both channels in sandbox mode by default', async () => {
    const channels = await PaymentChannels.create(loadConfig({}), db, options);
    expect(channels.offered()).toEqual([
      { id: 'alipay', mode: 'sandbox' },
      { id: 'wechat', mode: 'sandbox' },
    ]);
    expect(channels.sandbox).not.toBeNull();
  });

  it('serves a listed channel live, the sandbox standing in for the other only when listed', async () => {
    const alipayOnly = { ...live, PAYMENT_CHANNELS: 'alipay' };
    expect((await PaymentChannels.create(loadConfig(alipayOnly), db, options)).offered()).toEqual([{ id: 'alipay', mode: 'live' }]);
    const mixed = await PaymentChannels.create(loadConfig({ ...live, PAYMENT_CHANNELS: 'alipay,sandbox' }), db, options);
    expect(mixed.offered()).toEqual([
      { id: 'alipay', mode: 'live' },
      { id: 'wechat', mode: 'sandbox' },
    ]);
    expect(mixed.forOrder({ channel: 'alipay', channel_mode: 'sandbox' })?.key).toBe('sandbox');
    expect(mixed.forOrder({ channel: 'alipay', channel_mode: 'live' })?.key).toBe('alipay');
    const both = await PaymentChannels.create(loadConfig(live), db, options);
    expect(both.offered().map((channel) => channel.mode)).toEqual(['live', 'live']);
    expect(both.sandbox).toBeNull();
    expect(both.byKey('sandbox')).toBeNull();
  });

  it('stops the start when a listed channel lacks its settings, naming each one', () => {
    const { WECHAT_API_V3_KEY: _key, PUBLIC_BASE_URL: _url, ...missing } = live;
    expect(() => loadConfig(missing)).toThrow(ConfigError);
    expect(() => loadConfig(missing)).toThrow(/WECHAT_API_V3_KEY.*required when PAYMENT_CHANNELS lists wechat/);
    expect(() => loadConfig(missing)).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PAYMENT_CHANNELS: 'paypal' })).toThrow(/PAYMENT_CHANNELS/);
  });

  it('takes keys as PEM, as escaped one-line PEM, as bare base64 or as a file, and refuses what is not a key', () => {
    const pem = keys.alipay.app.privateKey;
    const oneLine = pem.replaceAll('\n', '\\n');
    const bare = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const file = path.join(dir, 'app-private.pem');
    writeFileSync(file, pem);
    try {
      for (const value of [pem, oneLine, bare, file]) {
        expect(loadConfig({ ...live, ALIPAY_PRIVATE_KEY: value }).ALIPAY_PRIVATE_KEY).toBe(pem);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => loadConfig({ ...live, ALIPAY_PRIVATE_KEY: 'not-a-key' })).toThrow(/ALIPAY_PRIVATE_KEY: must be an RSA private key/);
    expect(() => loadConfig({ ...live, WECHAT_PLATFORM_PUBLIC_KEY: '/nowhere/key.pem' })).toThrow(/WECHAT_PLATFORM_PUBLIC_KEY: no key file/);
    expect(() => loadConfig({ ...live, WECHAT_API_V3_KEY: 'short' })).toThrow(/WECHAT_API_V3_KEY/);
  });
});
