import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { alipaySettings, qrPaymentOrders, useLiveChannels } from '../../../../test/support/live-channels.js';
import { alipayNotification } from '../../../../test/support/payment-stand-ins.js';
import { AlipayChannel } from './alipay.js';
import { ChannelError, NotificationRejected } from './channel.js';

const live = useLiveChannels();
const { keys, standIn } = live;
const { orderNo, request } = qrPaymentOrders('alipay', '20260115ALIPAYTEST', '月卡会员');
let alipay: AlipayChannel;

beforeAll(() => {
  alipay = new AlipayChannel(alipaySettings(live));
});

describe('Alipay face-to-face payment', () => {
  it('precreates a trade with a signed request and returns the QR code', async () => {
    const no = orderNo();
    const qr = await alipay.createQrPayment(request(no, 1234));
    expect(qr).toMatch(/^https:\/\/qr\.alipay\.com\/bax/);
    expect(standIn.calls.at(-1)).toEqual({ channel: 'alipay', what: 'alipay.trade.precreate', signatureValid: true });
    expect(standIn.trades.get(no)).toMatchObject({
      amountFen: 1234,
      subject: '月卡会员',
      notifyUrl: 'https://pay.example.test/api/v1/payments/notify/alipay',
      // 04:15 UTC is 12:15 in China Standard Time, which is how Alipay reads it.
      timeExpire: '2026-01-15 12:15:00',
    });
  });

  it('is refused by the gateway when signed with a key Alipay does not know', async () => {
    const stranger = new AlipayChannel({ ...alipaySettings(live), privateKey: keys.stranger.privateKey });
    const error = await stranger.createQrPayment(request(orderNo())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).channelCode).toBe('isv.invalid-signature');
    expect(standIn.calls.at(-1)?.signatureValid).toBe(false);
  });

  it('does not trust an answer whose signature is not Alipay’s', async () => {
    standIn.forgeAnswersWith = keys.stranger.privateKey;
    try {
      await expect(alipay.createQrPayment(request(orderNo()))).rejects.toBeInstanceOf(ChannelError);
      await expect(alipay.query(orderNo())).rejects.toBeInstanceOf(ChannelError);
    } finally {
      standIn.forgeAnswersWith = null;
    }
  });

  it('queries: no trade until scanned, then paid with the amount', async () => {
    const no = orderNo();
    await alipay.createQrPayment(request(no, 7800));
    expect(await alipay.query(no)).toBeNull();
    const trade = standIn.pay(no);
    expect(await alipay.query(no)).toMatchObject({
      orderNo: no,
      channelTradeNo: trade.tradeNo,
      amountFen: 7800,
      outcome: 'paid',
    });
  });

  it('closes a trade (and accepts closing one never scanned)', async () => {
    const no = orderNo();
    await alipay.createQrPayment(request(no));
    standIn.trades.set(no, { ...standIn.trades.get(no)!, state: 'closed' });
    await alipay.close(no);
    expect(await alipay.query(no)).toMatchObject({ outcome: 'closed' });
    await expect(alipay.close(orderNo())).resolves.toBeUndefined();
  });

  it('refuses to close a paid trade', async () => {
    const no = orderNo();
    await alipay.createQrPayment(request(no));
    standIn.pay(no);
    await expect(alipay.close(no)).rejects.toMatchObject({ channelCode: 'ACQ.TRADE_STATUS_ERROR' });
  });
});

describe('Alipay request timestamps', () => {
  const FIXTURE = fileURLToPath(new URL('./alipay-timestamp.fixture.ts', import.meta.url));
  // 20:30:45 UTC is already the next morning in Beijing, so a date slip shows as well as an hour one.
  const NOW = '2026-01-15T20:30:45Z';

  async function timestampsIn(zone: string) {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, TZ: zone, ALIPAY_FIXTURE_NOW: NOW },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as {
      zone: string;
      offsetMinutes: number;
      calls: { method: string; timestamp: string; signatureValid: boolean }[];
    };
  }

  // Node reads TZ once at start, so each host zone gets its own process.
  it.each([
    ['UTC', 0],
    ['America/New_York', 300],
  ])('are Beijing time on a host in %s', async (zone, offsetMinutes) => {
    const run = await timestampsIn(zone);
    expect({ zone: run.zone, offsetMinutes: run.offsetMinutes }).toEqual({ zone, offsetMinutes });
    expect(run.calls).toEqual(
      ['alipay.trade.precreate', 'alipay.trade.query', 'alipay.trade.close'].map((method) => ({
        method,
        timestamp: '2026-01-16 04:30:45',
        signatureValid: true,
      })),
    );
  }, 90_000);
});

describe('Alipay notifications', () => {
  const fields = { orderNo: '20260115NOTIFYTEST000001', tradeNo: '2026011522001400001', amountFen: 3000, tradeStatus: 'TRADE_SUCCESS' };

  it('verifies a genuine one and reads it', () => {
    const body = alipayNotification(keys.alipay, fields);
    expect(alipay.verifyNotification({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).toMatchObject({
      orderNo: fields.orderNo,
      channelTradeNo: fields.tradeNo,
      amountFen: 3000,
      outcome: 'paid',
    });
    expect(alipay.verifyNotification({ body: alipayNotification(keys.alipay, { ...fields, tradeStatus: 'TRADE_CLOSED' }), headers: {} }).outcome).toBe('closed');
    expect(alipay.verifyNotification({ body: alipayNotification(keys.alipay, { ...fields, tradeStatus: 'WAIT_BUYER_PAY' }), headers: {} }).outcome).toBe('pending');
  });

  it('refuses one that was tampered with, forged, unsigned or for another app', () => {
    const genuine = alipayNotification(keys.alipay, fields).toString();
    const tampered = Buffer.from(genuine.replace('total_amount=30.00', 'total_amount=0.01'));
    expect(tampered.toString()).not.toBe(genuine);
    const forged = alipayNotification(keys.alipay, fields, keys.stranger.privateKey);
    const unsigned = Buffer.from(genuine.replace(/&?sign=[^&]*/, ''));
    const otherApp = alipayNotification(keys.alipay, { ...fields, appId: '2021000000009999' });
    for (const body of [tampered, forged, unsigned, otherApp, Buffer.from('not a form')]) {
      expect(() => alipay.verifyNotification({ body, headers: {} })).toThrow(NotificationRejected);
    }
  });
});
