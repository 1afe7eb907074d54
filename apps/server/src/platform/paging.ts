import type { Paged } from '@drama/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';

/** A 1-based page as the API takes it. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The rows a page covers. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export function pageWindow(page: PageRequest): PageWindow {
  return { offset: (page.page - 1) * page.limit, limit: page.limit };
}

export function pageOf<T>(page: PageRequest, items: T[], total: number): Paged<T> {
  return { items, page: page.page, limit: page.limit, total };
}

/**
 * A page of rows with the total it is a page of: `rows` is the page's query already running,
 * `base` the same filtered query before its columns, order and window, counted alongside.
 */
export async function withTotal<DB, TB extends keyof DB, O, Row>(
  rows: Promise<Row[]>,
  base: SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: Row[]; total: number }> {
  const [items, count] = await Promise.all([
    rows,
    base
      .select(sql<number>`count(*)::int`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: count.total };
}
