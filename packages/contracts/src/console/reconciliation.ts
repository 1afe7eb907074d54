import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { pageQuerySchema } from '../params.js';

/*
 * The daily reconciliation in the console (`/api/v1/console/reconciliation...`, role finance;
 * the owner passes too): for each day in APP_TIMEZONE and each channel (alipay and wechat when
 * live, sandbox when on), the payments and refunds the server recorded against the channel's
 * trade bill, line by line. A scheduled job reconciles the day before every morning (the
 * channels publish their bills by about 10:00 China time); finance can run any past day again,
 * which replaces that day's result. Amounts are integer fen; a side's amount is its payments
 * less its refunds.
 */

export const RECONCILIATION_CHANNELS = ['alipay', 'wechat', 'sandbox'] as const;
export const reconciliationChannelSchema = z.enum(RECONCILIATION_CHANNELS);
export type ReconciliationChannel = z.infer<typeof reconciliationChannelSchema>;

/** matched: both sides agree; differences: some lines differ; failed: the channel's bill could not be had (see error). */
export const RECONCILIATION_STATUSES = ['matched', 'differences', 'failed'] as const;
export const reconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES);
export type ReconciliationStatus = z.infer<typeof reconciliationStatusSchema>;

/**
 * missing_at_channel: the server recorded it, the channel's bill does not list it;
 * missing_on_server: the channel lists it, the server has no such order or refund;
 * amount_differs: both have it, with other amounts;
 * status_differs: the channel counts it paid (refunded), the server's order (refund) is in
 * another state, or settled on another day (serverStatus then says `success` or `succeeded`).
 */
export const RECONCILIATION_DIFFERENCE_KINDS = ['missing_at_channel', 'missing_on_server', 'amount_differs', 'status_differs'] as const;
export const reconciliationDifferenceKindSchema = z.enum(RECONCILIATION_DIFFERENCE_KINDS);
export type ReconciliationDifferenceKind = z.infer<typeof reconciliationDifferenceKindSchema>;

export const reconciliationLineTypeSchema = z.enum(['payment', 'refund']);
export type ReconciliationLineType = z.infer<typeof reconciliationLineTypeSchema>;

export const reconciliationChannelResultSchema = z.object({
  channel: reconciliationChannelSchema,
  status: reconciliationStatusSchema,
  serverCount: z.int(),
  serverAmountFen: z.int(),
  channelCount: z.int(),
  channelAmountFen: z.int(),
  differences: z.int(),
  /** Why the bill could not be had, when status is failed. */
  error: z.string().nullable(),
  computedAt: z.iso.datetime(),
});
export type ReconciliationChannelResult = z.infer<typeof reconciliationChannelResultSchema>;

export const reconciliationDaySchema = z.object({
  day: z.iso.date(),
  /** The worst of the channels' statuses: failed, then differences, then matched. */
  status: reconciliationStatusSchema,
  channels: z.array(reconciliationChannelResultSchema),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

export const reconciliationDifferenceSchema = z.object({
  id: z.int(),
  channel: reconciliationChannelSchema,
  kind: reconciliationDifferenceKindSchema,
  lineType: reconciliationLineTypeSchema,
  orderNo: z.string(),
  /** The server's order, when it has one (a link to it). */
  orderId: z.int().nullable(),
  refundNo: z.string().nullable(),
  channelTradeNo: z.string().nullable(),
  serverAmountFen: z.int().nullable(),
  channelAmountFen: z.int().nullable(),
  serverStatus: z.string().nullable(),
  channelStatus: z.string().nullable(),
  /** When the channel says it happened. */
  channelAt: z.iso.datetime().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationDayDetailSchema = reconciliationDaySchema.extend({
  timezone: z.string(),
  differences: z.array(reconciliationDifferenceSchema),
});
export type ReconciliationDayDetail = z.infer<typeof reconciliationDayDetailSchema>;

export const reconciliationListQuerySchema = pageQuerySchema.extend({
  status: reconciliationStatusSchema.optional(),
});
export type ReconciliationListQuery = z.infer<typeof reconciliationListQuerySchema>;

export const reconciliationDayParamsSchema = z.object({ day: z.iso.date() });
export type ReconciliationDayParams = z.infer<typeof reconciliationDayParamsSchema>;

export const reconciliationListResponseSchema = ok(paged(reconciliationDaySchema).extend({ timezone: z.string() }));
export const reconciliationDayResponseSchema = ok(reconciliationDayDetailSchema);
