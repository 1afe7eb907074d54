import { type Locale, type LocalizedText, type PointsRecord, type PointsRecordCause, taskTypeSchema } from '@drama/contracts';
import type { PointsRecordRow } from '../../db/schema.js';
import { pickText } from '../../platform/locale.js';

/** The mall item a record's reference names (`mall:3`), or null. */
export function mallItemIdOf(reference: string | null): number | null {
  const match = /^mall:(\d+)$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Mall items' names as operators wrote them, and the language to pick: records are written in
 * the reader's language, whatever language they were made in.
 */
export interface RecordNames {
  locale: Locale;
  mallItems: ReadonlyMap<number, LocalizedText>;
}

/** What a record was for, from its reference (`task:<type>:<period>`, `mall:<id>`). */
export function causeOf(reference: string | null, names: RecordNames): PointsRecordCause | null {
  const itemId = mallItemIdOf(reference);
  if (itemId !== null) {
    const name = names.mallItems.get(itemId);
    return { kind: 'mall', itemId, itemName: name ? pickText(name, names.locale) : null };
  }
  const task = /^task:([A-Za-z]+):/.exec(reference ?? '');
  const taskType = taskTypeSchema.safeParse(task?.[1]);
  return taskType.success ? { kind: 'task', taskType: taskType.data } : null;
}

/** A record as its member reads it: a mall item's name in `names.locale`. */
export function presentPointsRecordIn(names: RecordNames): (row: PointsRecordRow) => PointsRecord {
  return (row) => ({
    id: row.id,
    type: row.type,
    amount: row.amount,
    balanceAfter: row.balance_after,
    note: row.note,
    reference: row.reference,
    cause: causeOf(row.reference, names),
    createdAt: row.created_at.toISOString(),
  });
}

const NO_NAMES: RecordNames = { locale: 'en-US', mallItems: new Map() };

/** A record where no reader's language applies (the console): codes only, no item names. */
export function presentPointsRecord(row: PointsRecordRow): PointsRecord {
  return presentPointsRecordIn(NO_NAMES)(row);
}
