const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A count in the locale's short form: "1.2K" in English, "1.2万" in Chinese. Making a compact
 * formatter loads the locale's patterns, tens of milliseconds on a phone in the middle of the
 * player's first render, so each locale's is made once, and only for a number that needs it.
 */
export function compactCount(value: number, locale: string): string {
  // Below a thousand every locale writes the plain number.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
