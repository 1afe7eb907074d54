import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { operatorRoleSchema } from './operators.js';

/**
 * How the change was made: the console, an operator's API token, the bootstrap admin token, or
 * by itself at a time an operator scheduled (a scheduled drama coming out).
 */
export const auditViaSchema = z.enum(['session', 'token', 'bootstrap', 'schedule']);

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
