import { z } from 'zod';
import { ok } from './envelope.js';

/**
 * A member's own switches (spec section 3, `user_settings`): new-episode updates, messages,
 * watch history and personalised recommendations, every one on unless turned off. The device
 * keeps them under `user_settings` in this shape; for a signed-in member the server keeps them
 * too, so they follow the member to every device, and the server obeys them (notices, pushes,
 * history, "For you").
 */
export const memberSettingsSchema = z.object({
  notifications: z.object({ updates: z.boolean(), messages: z.boolean() }),
  privacy: z.object({ history: z.boolean(), recommendations: z.boolean() }),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const DEFAULT_MEMBER_SETTINGS: MemberSettings = {
  notifications: { updates: true, messages: true },
  privacy: { history: true, recommendations: true },
};

/**
 * `PATCH /client/user/settings`: only the switches named change, so two devices flipping
 * different switches at once both keep their change. At least one switch must be named.
 */
export const memberSettingsPatchSchema = z
  .strictObject({
    notifications: z.strictObject({ updates: z.boolean().optional(), messages: z.boolean().optional() }).optional(),
    privacy: z.strictObject({ history: z.boolean().optional(), recommendations: z.boolean().optional() }).optional(),
  })
  .refine(
    (patch) =>
      Object.values(patch.notifications ?? {}).some((v) => v !== undefined) ||
      Object.values(patch.privacy ?? {}).some((v) => v !== undefined),
    { message: 'name at least one switch' },
  );
export type MemberSettingsPatch = z.infer<typeof memberSettingsPatchSchema>;

export const memberSettingsResponseSchema = ok(memberSettingsSchema);
