import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { operatorRoleSchema } from './operators.js';

/**
 * How the change was made: the console, an operator's API token, the bootstrap admin token, or
 * by itself at a time an operator scheduled (a scheduled drama coming out).
 */
export const auditViaSchema = z.enum(['session', 'token', 'bootstrap', 'schedule']);

/**
 * Every action the server writes to the audit log, `<thing>.<verb>`: the one place that names
 * them, so that the console has a label for each (its unit test reads the server's source and
 * fails on a code missing here). Rows of an action not listed still read, as their code.
 */
export const AUDIT_ACTIONS = [
  'analytics.recompute',
  'api-token.create',
  'api-token.revoke',
  'catalogue.import',
  'category.create',
  'category.delete',
  'category.order',
  'category.update',
  'check-in-rewards.update',
  'console.security',
  'drama.cover',
  'drama.create',
  'drama.release',
  'drama.status',
  'drama.update',
  'episode.delete',
  'episode.free-count',
  'episode.reorder',
  'episode.replace-file',
  'episode.status',
  'episode.subtitle.delete',
  'episode.subtitle.upload',
  'episode.upload',
  'feedback.assign',
  'feedback.close',
  'feedback.reopen',
  'feedback.reply',
  'home.featured',
  'mall-item.create',
  'mall-item.update',
  'media-job.retry',
  'member.disable',
  'member.enable',
  'member.points',
  'member.sign-out',
  'member.vip',
  'operator.create',
  'operator.password-change',
  'operator.reset-2fa',
  'operator.setup',
  'operator.setup-link',
  'operator.totp-disable',
  'operator.totp-enable',
  'operator.update',
  'order.export',
  'order.query',
  'order.refund',
  'outbox.read-codes',
  'reconciliation.run',
  'redeem.batch-create',
  'redeem.batch-export',
  'redeem.batch-revoke',
  'search.block-term',
  'search.unblock-term',
  'settings.update',
  'tag.create',
  'tag.delete',
  'tag.update',
  'task-reward.update',
  'upload.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.int(),
  operatorId: z.int().nullable(),
  username: z.string(),
  role: operatorRoleSchema,
  via: auditViaSchema,
  /** e.g. `drama.update`, `operator.create`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalText = z.string().trim().min(1).max(100).optional();

export const auditQuerySchema = z.object({
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: optionalText,
  targetType: optionalText,
  targetId: optionalText,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditListResponseSchema = ok(paged(auditEntrySchema));
