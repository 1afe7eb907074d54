import type { LocalizedSettingField, Locale } from '@drama/contracts';
import type { Db } from '../../db/database.js';

/** The row holding one locale's own text of a field; the field's own row is the default locale's. */
export function translationKey(field: LocalizedSettingField, locale: Locale): string {
  return `${field}@${locale}`;
}

export async function readSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('system_settings').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Inserts settings that are missing; keeps what an operator has changed. */
export async function insertMissingSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  if (rows.length === 0) return;
  await db
    .insertInto('system_settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Writes the given settings, replacing what was stored under their keys. */
export async function upsertSettings(db: Db, values: Record<string, unknown>, now: Date): Promise<void> {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto('system_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}
