import { z } from 'zod';

/** A positive integer id in a path, e.g. `/client/dramas/{id}`. */
export const idSchema = z.coerce
  .number({ error: 'must be a positive integer id' })
  .int()
  .positive()
  .max(2_147_483_647);

export const idParamsSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
