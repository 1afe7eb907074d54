/** The steps of each locale's compact notation, smallest first, as CLDR gives them. */
const STEPS: Record<string, readonly (readonly [size: number, suffix: string])[]> = {
  'en-US': [
    [1e3, 'K'],
    [1e6, 'M'],
    [1e9, 'B'],
    [1e12, 'T'],
  ],
  'zh-CN': [
    [1e4, '万'],
    [1e8, '亿'],
    [1e12, '万亿'],
  ],
  'zh-Hant': [
    [1e4, '萬'],
    [1e8, '億'],
    [1e12, '兆'],
  ],
};

/** Groups of three from five digits up, as compact notation groups ("10,000T"). */
function grouped(whole: number): string {
  const digits = String(whole);
  return digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A count in the locale's short form: "1.2K" in English, "1.2万" in Chinese, at most one
 * decimal, rounded half away from zero: what `Intl.NumberFormat(locale, { notation: 'compact',
 * maximumFractionDigits: 1 })` writes (the tests hold the two together). Written out because
 * the first compact formatter of a page loads ICU's patterns: 55 ms on this machine's Chromium,
 * four times that on the phone Lighthouse models, in the middle of the player's first render.
 */
export function compactCount(value: number, locale: string): string {
  if (!Number.isFinite(value)) return String(value);
  const steps = STEPS[locale] ?? STEPS['en-US'] ?? [];
  const size = Math.abs(value);
  let step = -1;
  while (step + 1 < steps.length && size >= (steps[step + 1]?.[0] ?? Number.POSITIVE_INFINITY)) step += 1;
  // Tenths of the step's unit, computed from whole numbers so that 1,150 is 11.5 exactly.
  const unitOf = (index: number) => (index < 0 ? 1 : (steps[index]?.[0] ?? 1));
  let tenths = Math.round((size * 10) / unitOf(step));
  // Rounding may reach the next step: 999,950 is "1M", not "1000K".
  const next = steps[step + 1];
  if (next && tenths >= (next[0] / unitOf(step)) * 10) {
    step += 1;
    tenths = Math.round((size * 10) / unitOf(step));
  }
  if (tenths === 0) return '0';
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  const sign = value < 0 ? '-' : '';
  return `${sign}${grouped(whole)}${fraction ? `.${fraction}` : ''}${step >= 0 ? (steps[step]?.[1] ?? '') : ''}`;
}
