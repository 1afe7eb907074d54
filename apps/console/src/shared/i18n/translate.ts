import type { Locale } from '@drama/contracts';
import { isApiError } from '../api/api-error';
import { enUS, type Dictionary, type MessageKey } from './dictionaries/en-US';
import { zhCN } from './dictionaries/zh-CN';
import { zhHant } from './dictionaries/zh-Hant';

export type { Dictionary, MessageKey };

export const DICTIONARIES: Record<Locale, Dictionary> = { 'zh-CN': zhCN, 'zh-Hant': zhHant, 'en-US': enUS };

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** The text of a key with its `{name}` marks filled in; a mark without a value stays as written. */
export function translate(dictionary: Dictionary, key: MessageKey, params?: Params): string {
  const text = dictionary[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => (name in params ? String(params[name]) : mark));
}

function isMessageKey(dictionary: Dictionary, key: string): key is MessageKey {
  return Object.hasOwn(dictionary, key);
}

/** What an operator reads for a failed call: its code translated, never the server's prose. */
export function errorText(dictionary: Dictionary, error: unknown): string {
  const code = isApiError(error) ? error.code : 'INTERNAL_ERROR';
  const key = `error.${code}`;
  return isMessageKey(dictionary, key) ? dictionary[key] : translate(dictionary, 'error.unknown', { code });
}

/** The `{name}` marks of a text, sorted: the same key says the same things in every locale. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}
