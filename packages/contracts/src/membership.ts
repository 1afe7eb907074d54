import { z } from 'zod';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';

/* Membership plans, payment channels and orders (DESIGN.md section 3, membership rows). Money is integer fen. */

export const PLAN_CODES = ['week', 'month', 'quarter', 'year'] as const;
export const planCodeSchema = z.enum(PLAN_CODES);
export type PlanCode = z.infer<typeof planCodeSchema>;

export const planSchema = z.object({
  id: z.int(),
  code: planCodeSchema,
  /** In the request's locale. */
  name: z.string(),
  days: z.int().min(1),
  priceFen: z.int().min(1),
  /** Struck-through list price, when the plan is discounted. */
  originalPriceFen: z.int().min(1).nullable(),
  /** priceFen / days, not rounded; the client shows it in yuan with 2 decimals. */
  pricePerDayFen: z.number().positive(),
  /** The plan with the lowest price per day. */
  isBestValue: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListResponseSchema = ok(z.object({ items: z.array(planSchema) }));

export const PAYMENT_CHANNELS = ['alipay', 'wechat'] as const;
export const paymentChannelIdSchema = z.enum(PAYMENT_CHANNELS);
export type PaymentChannelId = z.infer<typeof paymentChannelIdSchema>;

export const paymentChannelSchema = z.object({
  id: paymentChannelIdSchema,
  /** `sandbox`: no merchant settings configured; the QR code opens the app's own checkout page. */
  mode: z.enum(['live', 'sandbox']),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
export const paymentChannelListResponseSchema = ok(z.object({ items: z.array(paymentChannelSchema) }));

/** `unknown` stands for any status this client does not know (spec section 3). */
export const ORDER_STATUSES = ['pending', 'success', 'failed', 'cancelled', 'unknown'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Why an order did not succeed; the client translates the code, `failureReason` is the channel's own text. */
export const ORDER_FAILURE_CODES = ['payment_failed', 'expired', 'cancelled_by_user', 'channel_closed'] as const;
export const orderFailureCodeSchema = z.enum(ORDER_FAILURE_CODES);
export type OrderFailureCode = z.infer<typeof orderFailureCodeSchema>;

export const orderSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  planId: z.int(),
  planCode: planCodeSchema,
  /** The plan's name in the request's locale (spec: "package name"). */
  planName: z.string(),
  amountFen: z.int().min(1),
  days: z.int().min(1),
  channel: paymentChannelIdSchema,
  status: orderStatusSchema,
  failureCode: orderFailureCodeSchema.nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** When a pending order is cancelled for want of payment (15 minutes after creation by default). */
  expiresAt: z.iso.datetime(),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentInfoSchema = z.object({
  /** What the QR code encodes: the channel's payment link (or the sandbox checkout page's address). */
  qrContent: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/**
 * How the member pays: `qr` a code scanned with another phone (a computer's screen); `wap` the
 * channel's own page in the phone's browser (Alipay wap.pay, WeChat Pay H5); `jsapi` WeChat Pay
 * inside WeChat's own browser, for the official account's openid.
 */
export const PAYMENT_MODES = ['qr', 'wap', 'jsapi'] as const;
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** A payer's openid for the official account, as the server's OAuth step gives it. */
export const wechatOpenidSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{6,64}$/);

/** What WeixinJSBridge `getBrandWCPayRequest` takes, signed by the server (WeChat Pay API v3, RSA). */
export const jsapiParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  /** `prepay_id=...` */
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiParams = z.infer<typeof jsapiParamsSchema>;

export const createOrderBodySchema = z.object({
  planId: idSchema,
  channel: paymentChannelIdSchema,
  /** `qr` when left out. */
  mode: paymentModeSchema.optional(),
  /** For `jsapi` with a live WeChat Pay: the payer's openid from GET /payments/wechat/oauth. */
  openid: wechatOpenidSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/**
 * The payment as opened in the mode asked for: `qrContent` (qr, as before modes), `redirectUrl`
 * the channel's page to go to (wap), or `jsapiParams` for WeixinJSBridge (jsapi); the others null.
 */
export const openedPaymentSchema = z.object({
  mode: paymentModeSchema,
  qrContent: z.string().nullable(),
  redirectUrl: z.url().nullable(),
  jsapiParams: jsapiParamsSchema.nullable(),
  expiresAt: z.iso.datetime(),
});
export type OpenedPayment = z.infer<typeof openedPaymentSchema>;
export const createOrderResponseSchema = ok(z.object({ order: orderSchema, payment: openedPaymentSchema }));

/** An order with its payment info while it is still pending (so leaving and coming back resumes it). */
export const orderDetailSchema = orderSchema.extend({ payment: paymentInfoSchema.nullable() });
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderDetailResponseSchema = ok(orderDetailSchema);
export const orderListQuerySchema = pageQuerySchema.extend({ status: orderStatusSchema.optional() });
export const orderListResponseSchema = ok(paged(orderSchema));

/* The sandbox channel's checkout (stands in for both channels when no merchant settings are given). */
export const sandboxCheckoutBodySchema = z.object({ result: z.enum(['success', 'fail']) });
/** The order's status once the sandbox's notification has been applied. */
export const sandboxCheckoutResponseSchema = ok(z.object({ orderNo: z.string(), status: orderStatusSchema }));
export const orderNoParamsSchema = z.object({ orderNo: z.string().trim().regex(/^[A-Za-z0-9]{8,64}$/) });
export const channelParamsSchema = z.object({ channel: z.enum(['alipay', 'wechat', 'sandbox']) });

/** The sandbox checkout opened by a mobile flow: it returns to the app's result page once paid, failed or left. */
export const sandboxCheckoutQuerySchema = z.object({
  flow: z.enum(['wap', 'jsapi']).optional(),
  timeStamp: z.string().max(20).optional(),
  nonceStr: z.string().max(64).optional(),
  package: z.string().max(128).optional(),
  paySign: z.string().max(128).optional(),
});

/** Where the sandbox's stand-in for WeixinJSBridge sends the payer: its checkout, with the signed JSAPI parameters. */
export function sandboxJsapiCheckoutPath(orderNo: string, params: JsapiParams): string {
  const query = new URLSearchParams({
    flow: 'jsapi',
    timeStamp: params.timeStamp,
    nonceStr: params.nonceStr,
    package: params.package,
    paySign: params.paySign,
  });
  return `/sandbox/checkout/${encodeURIComponent(orderNo)}?${query.toString()}`;
}

/** The OAuth step (snsapi_base) that gives a payer's openid inside WeChat: it returns to `returnTo` with `wxOpenid`. */
export const wechatOauthQuerySchema = z.object({ returnTo: z.string().max(300) });
export const wechatOauthCallbackQuerySchema = z.object({
  code: z.string().max(256).optional(),
  state: z.string().max(256).optional(),
});
