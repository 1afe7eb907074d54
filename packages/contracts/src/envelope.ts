import { z } from 'zod';

/** `{ success: true, data }`: the shape of every successful answer. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** A page of a list: items plus the numbers a pager needs. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.int().min(1),
    limit: z.int().min(1),
    total: z.int().min(0),
  });
}

/** A cursor-paginated feed. */
export function feed<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export type Ok<T> = { success: true; data: T };
export type Paged<T> = { items: T[]; page: number; limit: number; total: number };
