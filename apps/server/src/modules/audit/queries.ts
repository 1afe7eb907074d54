import type { AuditEntry, AuditQuery } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { iso } from '../../platform/iso-time.js';

/** A page of the audit log, newest first, with the filters the console sends. */
export async function auditPage(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  let base = db.selectFrom('audit_log');
  if (query.operatorId !== undefined) base = base.where('operator_id', '=', query.operatorId);
  if (query.action) base = base.where('action', '=', query.action);
  if (query.targetType) base = base.where('target_type', '=', query.targetType);
  if (query.targetId) base = base.where('target_id', '=', query.targetId);
  if (query.from) base = base.where('created_at', '>=', new Date(query.from));
  if (query.to) base = base.where('created_at', '<', new Date(query.to));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: Number(row.id),
      operatorId: row.operator_id,
      username: row.username,
      role: row.role,
      via: row.via,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      createdAt: iso(row.created_at),
    })),
  };
}
