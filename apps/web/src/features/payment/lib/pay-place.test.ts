import { describe, expect, it } from 'vitest';
import { payModeFor, payPlaceOf } from './pay-place';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WECHAT = `${IPHONE} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN`;
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('where the payment page runs', () => {
  it('is WeChat by its user agent, whatever the screen', () => {
    expect(payPlaceOf({ userAgent: WECHAT, coarsePointer: true, width: 390 })).toBe('wechat');
    expect(payPlaceOf({ userAgent: WECHAT, coarsePointer: false, width: 1280 })).toBe('wechat');
  });

  it('is a phone by touch and width, not by the user agent alone', () => {
    expect(payPlaceOf({ userAgent: IPHONE, coarsePointer: true, width: 390 })).toBe('phone');
    expect(payPlaceOf({ userAgent: DESKTOP, coarsePointer: true, width: 390 })).toBe('phone');
    expect(payPlaceOf({ userAgent: IPHONE, coarsePointer: false, width: 390 })).toBe('computer');
    expect(payPlaceOf({ userAgent: IPHONE, coarsePointer: true, width: 1024 })).toBe('computer');
    expect(payPlaceOf({ userAgent: DESKTOP, coarsePointer: false, width: 1280 })).toBe('computer');
  });

  it('pays WeChat Pay by JSAPI inside WeChat, Alipay by its page, and a computer by QR code', () => {
    expect(payModeFor('wechat', 'wechat')).toBe('jsapi');
    expect(payModeFor('wechat', 'alipay')).toBe('wap');
    expect(payModeFor('phone', 'wechat')).toBe('wap');
    expect(payModeFor('phone', 'alipay')).toBe('wap');
    expect(payModeFor('computer', 'wechat')).toBe('qr');
  });
});
