import { AUDIT_ACTIONS, type AuditAction } from '@drama/contracts';
import type { Translate } from '../../shared/i18n/translate';

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

function isAuditAction(code: string): code is AuditAction {
  return KNOWN_ACTIONS.has(code);
}

/** An action's label in the operator's language; a code this console does not know (a newer server's) reads as written. */
export function auditActionLabel(t: Translate, code: string): string {
  return isAuditAction(code) ? t(`audit.action.${code}`) : code;
}

/** The action filter's choices: every action by its label, found by label or code. */
export function auditActionOptions(t: Translate): Array<{ value: AuditAction; label: string }> {
  return AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(t, value) }));
}

export function matchesAuditAction(input: string, option: { value?: unknown; label?: unknown } | undefined): boolean {
  const needle = input.trim().toLowerCase();
  return [option?.label, option?.value].some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
}
