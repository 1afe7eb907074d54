import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { AUDIT_ACTIONS, LOCALES } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, translate, type Translate } from '../../shared/i18n/translate';
import { auditActionLabel, auditActionOptions, matchesAuditAction } from './action-label';

const SERVER_SOURCE = fileURLToPath(new URL('../../../../server/src/', import.meta.url));

/**
 * The actions the server's source writes: `action: '…'` given to writeAudit (a conditional one
 * names each of its codes) and `audit: '…'` of a route. Codes are dotted; other `action:` keys
 * (a like's, an outbox event's) are not.
 */
function actionsWrittenByServer(): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(SERVER_SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const text = readFileSync(join(SERVER_SOURCE, file), 'utf8');
    for (const [, value] of text.matchAll(/\b(?:action|audit):\s*([^,\n}]+)/g)) {
      for (const [, code] of (value ?? '').matchAll(/'([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g)) found.add(code ?? '');
    }
  }
  return found;
}

const tOf = (locale: (typeof LOCALES)[number]): Translate => (key, params) => translate(DICTIONARIES[locale], key, params);

describe('audit action labels', () => {
  it('lists every action the server writes', () => {
    const written = actionsWrittenByServer();
    expect(written.size).toBeGreaterThan(40);
    for (const code of ['order.refund', 'member.vip', 'outbox.read-codes', 'feedback.reply', 'redeem.batch-export', 'upload.create']) expect(written).toContain(code);
    const listed = new Set<string>(AUDIT_ACTIONS);
    expect([...written].filter((code) => !listed.has(code)).sort(), 'add these to AUDIT_ACTIONS and label them').toEqual([]);
  });

  it.each(LOCALES)('%s labels every action in words of its own', (locale) => {
    const t = tOf(locale);
    for (const code of AUDIT_ACTIONS) {
      const label = auditActionLabel(t, code);
      expect(label.trim(), code).not.toBe('');
      expect(label, code).not.toBe(code);
    }
    expect(new Set(AUDIT_ACTIONS.map((code) => auditActionLabel(t, code))).size, 'two actions share a label').toBe(AUDIT_ACTIONS.length);
  });

  it('reads a code it does not know as written', () => {
    expect(auditActionLabel(tOf('en-US'), 'robot.dance')).toBe('robot.dance');
    expect(auditActionLabel(tOf('zh-CN'), 'order.refund')).toBe('订单退款');
  });

  it('offers every action in the filter by its label, found by label or code', () => {
    const options = auditActionOptions(tOf('en-US'));
    expect(options.map((option) => option.value)).toEqual([...AUDIT_ACTIONS]);
    const refund = options.find((option) => option.value === 'order.refund');
    expect(refund?.label).toBe('Refund order');
    expect(matchesAuditAction('refund', refund)).toBe(true);
    expect(matchesAuditAction('order.ref', refund)).toBe(true);
    expect(matchesAuditAction('vip', refund)).toBe(false);
  });
});
