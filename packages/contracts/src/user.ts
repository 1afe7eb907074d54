import { z } from 'zod';

/** User info as the client keeps it under `userInfo` (spec section 3). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  points: z.number(),
  /** 0 = none, 1 = VIP (active only while vipExpireTime is in the future). */
  vipLevel: z.number().int(),
  vipExpireTime: z.string().nullable(),
  /** 1 = active, 0 = disabled. */
  status: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const USER_STATUS = { disabled: 0, active: 1 } as const;
