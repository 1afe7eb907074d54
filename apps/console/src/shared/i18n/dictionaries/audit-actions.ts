import type { AuditAction } from '@drama/contracts';

export type AuditActionKey = `audit.action.${AuditAction}`;

/** A locale's labels of the audit actions as dictionary keys; the record's type asks for one per action. */
export function auditActionTexts(labels: Record<AuditAction, string>): Record<AuditActionKey, string> {
  return Object.fromEntries(Object.entries(labels).map(([action, text]) => [`audit.action.${action}`, text])) as Record<AuditActionKey, string>;
}
