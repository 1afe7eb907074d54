import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillStandIn, startBillStandIn, storedZip } from '../../../../test/support/bill-stand-in.js';
import { channelKeys, wechatNotification } from '../../../../test/support/payment-stand-ins.js';
import { AlipayChannel } from './alipay.js';
import { ChannelError, NotificationRejected } from './channel.js';
import { WechatChannel } from './wechat.js';

const keys = channelKeys();
let standIn: BillStandIn;
let alipay: AlipayChannel;
let wechat: WechatChannel;

beforeAll(async () => {
  standIn = await startBillStandIn(keys);
  alipay = new AlipayChannel({ appId: keys.alipay.appId, privateKey: keys.alipay.app.privateKey, alipayPublicKey: keys.alipay.alipay.publicKey, gateway: `${standIn.url}/gateway.do`, timeoutMs: 5_000 });
  wechat = new WechatChannel({
    mchId: keys.wechat.mchId,
    appId: keys.wechat.appId,
    serialNo: keys.wechat.serialNo,
    privateKey: keys.wechat.merchant.privateKey,
    apiV3Key: keys.wechat.apiV3Key,
    platformPublicKey: keys.wechat.platform.publicKey,
    apiBase: standIn.url,
    timeoutMs: 5_000,
  });
}, 120_000);

afterAll(async () => standIn?.close());

describe('Alipay trade bill', () => {
  it('asks for the download address with a signed request and reads the zipped detail', async () => {
    const detail = [
      '#支付宝业务明细查询',
      '#账号：[20881234567890120156]',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      '2026112722001400001\t,20261127ORDER0001\t,交易\t,月卡\t,2026-11-27 10:00:00\t,2026-11-27 10:00:05\t,,,,,159****5620\t,30.00\t,30.00\t,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,\t,-0.18,0.00,',
      '2026112722001400001\t,20261127ORDER0001\t,退款\t,月卡\t,2026-11-27 11:00:00\t,2026-11-27 11:00:02\t,,,,,159****5620\t,-10.00\t,-10.00\t,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,RF0001\t,0.06,0.00,',
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：1笔，退款合计：1笔',
    ].join('\r\n');
    const bytes = gbkEncode(detail);
    standIn.alipayBills.set('2026-11-27', storedZip([
      { name: gbkEncode('20881234567890120156_20261127_业务明细.csv'), data: bytes },
      { name: gbkEncode('20881234567890120156_20261127_业务明细(汇总).csv'), data: gbkEncode('#汇总\r\n') },
    ]));
    const lines = await alipay.tradeBill('2026-11-27');
    expect(standIn.calls.at(-1)).toEqual({ what: 'alipay.data.dataservice.bill.downloadurl.query', signatureValid: true });
    expect(lines).toEqual([
      { type: 'payment', orderNo: '20261127ORDER0001', channelTradeNo: '2026112722001400001', refundNo: null, amountFen: 3000, at: new Date('2026-11-27T02:00:05Z') },
      { type: 'refund', orderNo: '20261127ORDER0001', channelTradeNo: '2026112722001400001', refundNo: 'RF0001', amountFen: 1000, at: new Date('2026-11-27T03:00:02Z') },
    ]);
  });

  it('reads a day without a bill as empty', async () => {
    expect(await alipay.tradeBill('2026-11-20')).toEqual([]);
  });
});

describe('WeChat Pay trade bill', () => {
  const bill = [
    '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
    '`2026-11-27 10:00:05,`wxd678efh567hg6787,`1900000109,`0,`,`4200000001,`20261127ORDER0002,`oUpF8u,`NATIVE,`SUCCESS,`OTHERS,`CNY,`30.00,`0.00,`0,`0,`0.00,`0.00,`,`,`月卡,`,`0.18000,`0.60%,`30.00,`0.00,`',
    '`2026-11-27 12:00:00,`wxd678efh567hg6787,`1900000109,`0,`,`4200000001,`20261127ORDER0002,`oUpF8u,`NATIVE,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50300000001,`RF0002,`5.00,`0.00,`ORIGINAL,`SUCCESS,`月卡,`,`-0.03000,`0.60%,`0.00,`5.00,`',
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    '`2,`30.00,`5.00,`0.00,`0.15000,`30.00,`5.00',
  ].join('\r\n');

  it('reads the bill behind a signed tradebill answer, checked by its SHA1', async () => {
    standIn.wechatBills.set('2026-11-27', bill);
    const lines = await wechat.tradeBill('2026-11-27');
    expect(lines).toEqual([
      { type: 'payment', orderNo: '20261127ORDER0002', channelTradeNo: '4200000001', refundNo: null, amountFen: 3000, at: new Date('2026-11-27T02:00:05Z') },
      { type: 'refund', orderNo: '20261127ORDER0002', channelTradeNo: '4200000001', refundNo: 'RF0002', amountFen: 500, at: new Date('2026-11-27T04:00:00Z') },
    ]);
    expect(standIn.calls.filter((call) => call.what.startsWith('GET /v3/bill')).every((call) => call.signatureValid)).toBe(true);
  });

  it('refuses a bill whose SHA1 does not match, and reads a day with no statement as empty', async () => {
    standIn.wechatHashOverride = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
    await expect(wechat.tradeBill('2026-11-27')).rejects.toThrow(ChannelError);
    standIn.wechatHashOverride = null;
    expect(await wechat.tradeBill('2026-11-21')).toEqual([]);
  });
});

describe('WeChat Pay refund notifications', () => {
  const resource = (status: string, mchid = keys.wechat.mchId) => ({
    mchid,
    out_trade_no: '20261127ORDER0002',
    transaction_id: '4200000001',
    out_refund_no: 'RF0002',
    refund_id: '50300000001',
    refund_status: status,
    success_time: '2026-11-27T12:00:00+08:00',
    user_received_account: '招商银行信用卡0403',
    amount: { total: 3000, refund: 500, payer_total: 3000, payer_refund: 500 },
  });
  const verify = (notification: { body: string; headers: Record<string, string> }) =>
    wechat.verifyNotification({ body: Buffer.from(notification.body), headers: notification.headers });

  it('reads REFUND.SUCCESS, ABNORMAL and CLOSED as the refund’s result, never as a payment’s', () => {
    const success = verify(wechatNotification(keys.wechat, resource('SUCCESS'), { eventType: 'REFUND.SUCCESS' }));
    expect(success.outcome).toBe('pending');
    expect(success.refund).toEqual({ refundNo: 'RF0002', channelRefundNo: '50300000001', outcome: 'succeeded', amountFen: 500, reason: null });
    for (const status of ['ABNORMAL', 'CLOSED']) {
      expect(verify(wechatNotification(keys.wechat, resource(status), { eventType: `REFUND.${status}` })).refund).toMatchObject({ outcome: 'failed', reason: `WeChat Pay refund ${status}` });
    }
  });

  it('refuses a forged, another merchant’s or self-contradicting refund notification', () => {
    expect(() => verify(wechatNotification(keys.wechat, resource('SUCCESS'), { eventType: 'REFUND.SUCCESS', signWith: keys.stranger.privateKey }))).toThrow(NotificationRejected);
    expect(() => verify(wechatNotification(keys.wechat, resource('SUCCESS', '1900000999'), { eventType: 'REFUND.SUCCESS' }))).toThrow(/another merchant/);
    expect(() => verify(wechatNotification(keys.wechat, resource('CLOSED'), { eventType: 'REFUND.SUCCESS' }))).toThrow(/says CLOSED/);
  });
});

/** GBK bytes of a text: Node decodes GBK but does not encode it, so each character is found by decoding candidates. */
function gbkEncode(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    const known = gbkTable().get(char);
    if (known === undefined) throw new Error(`no GBK bytes for ${char}`);
    bytes.push(known >> 8, known & 0xff);
  }
  return Buffer.from(bytes);
}

let table: Map<string, number> | null = null;
function gbkTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gbk');
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Buffer.from([lead, trail]));
      if (!table.has(char)) table.set(char, (lead << 8) | trail);
    }
  }
  return table;
}
