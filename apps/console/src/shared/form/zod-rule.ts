import type { z } from 'zod';

/**
 * An antd Form rule from a contracts schema: the field is checked in the browser by the same
 * schema the server checks the request with; the text is the console's, not zod's.
 */
export function zodRule(schema: z.ZodType, message: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === '' || schema.safeParse(value).success) return;
      throw new Error(message);
    },
  };
}
