import { z } from 'zod';
import { LOCALES } from './locale.js';

export const localeSchema = z.enum(LOCALES);

/** Catalogue texts are stored once per locale. */
export const localizedTextSchema = z.object({
  'zh-CN': z.string(),
  'zh-Hant': z.string(),
  'en-US': z.string(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
