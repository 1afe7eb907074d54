/**
 * Legal texts (user agreement, privacy policy) arrive from system settings as plain text with
 * `{platformName}` and `{contact}` placeholders (spec section 4). This turns them into the only
 * HTML the legal pages render.
 *
 * Rules, in order:
 * 1. The whole text is HTML-escaped first, so markup an operator typed shows as text and never
 *    runs. Placeholder values are escaped too.
 * 2. `{platformName}` becomes the site name and `{contact}` the contact (or the caller's
 *    fallback when none is configured).
 * 3. Every non-empty line is a block: a heading when it looks like a numbered title, otherwise a
 *    paragraph. Blank lines only separate.
 *
 * A numbered title is a short line (at most 40 characters, not ending in sentence punctuation)
 * that starts with one of:
 * - `1.` `1、` `1)` `(1)` … a top-level number → `<h2>`
 * - `1.1` `2.3.1` … a dotted sub-number → `<h3>`
 * - `一、` `二.` … a Chinese numeral with a list mark → `<h2>`
 * - `第一条` `第二章` `第3节` … → `<h2>`
 * Long numbered lines are clauses, not titles, and stay paragraphs.
 */

export interface LegalHtmlValues {
  platformName: string;
  contact: string;
}

const HEADING_MAX_CHARS = 40;
const SENTENCE_END = /[。；;!！?？,，:：]$|[^.]\.$/u;

const SUB_NUMBER = /^\d+(?:\.\d+)+[.、．]?\s*\S/u;
const TOP_NUMBER = /^(?:\d{1,3}[.、．)）]|[(（]\d{1,3}[)）])\s*\S/u;
const CHINESE_NUMERAL = /^[一二三四五六七八九十百]+[、.．]\s*\S/u;
const CHINESE_ARTICLE = /^第[一二三四五六七八九十百零〇\d]+[章条條节節款部分]/u;

const PLACEHOLDER = /\{platformName\}|\{contact\}/g;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** `h2`, `h3`, or null for a paragraph. Works on the raw line (escaping adds no digits). */
export function headingLevel(line: string): 'h2' | 'h3' | null {
  const text = line.trim();
  if (text.length === 0 || [...text].length > HEADING_MAX_CHARS || SENTENCE_END.test(text)) return null;
  if (SUB_NUMBER.test(text)) return 'h3';
  if (TOP_NUMBER.test(text) || CHINESE_NUMERAL.test(text) || CHINESE_ARTICLE.test(text)) return 'h2';
  return null;
}

export function legalTextToHtml(text: string, values: LegalHtmlValues): string {
  const platformName = escapeHtml(values.platformName);
  const contact = escapeHtml(values.contact);
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      // One pass, so a value that contains the other placeholder is not replaced again.
      const body = escapeHtml(line).replace(PLACEHOLDER, (match) => (match === '{contact}' ? contact : platformName));
      const level = headingLevel(line);
      return level ? `<${level}>${body}</${level}>` : `<p>${body}</p>`;
    })
    .join('');
}
