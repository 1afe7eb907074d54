import { z } from 'zod';
import { dramaSummarySchema } from './catalogue.js';
import { ok } from './envelope.js';

/* "For you" (`GET /client/recommendations?limit`): home's personalised row. */

export const FOR_YOU_MAX = 20;

export const forYouQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FOR_YOU_MAX).default(10),
});
export type ForYouQuery = z.input<typeof forYouQuerySchema>;

export const forYouItemSchema = z.object({
  drama: dramaSummarySchema,
  /** The drama of the member's own viewing this one was recommended from; null in the popular order. */
  because: z.object({ id: z.int(), title: z.string() }).nullable(),
});
export type ForYouItem = z.infer<typeof forYouItemSchema>;

export const forYouSchema = z.object({
  /**
   * True when the list is the member's own (switch on and enough signal): their ranked dramas,
   * then the popular order without them if there are too few. False: the popular order, for
   * guests, members who turned personalisation off and members with nothing to go on yet.
   */
  personalised: z.boolean(),
  items: z.array(forYouItemSchema),
});
export type ForYou = z.infer<typeof forYouSchema>;
export const forYouResponseSchema = ok(forYouSchema);
