/**
 * The app's translations need two things: `{{name}}` values and plural forms by a `count`
 * (`key_one`, `key_other`, chosen by the language's Intl.PluralRules). This does both; a general
 * i18n library would cost the first page more JavaScript than the app's own home screen.
 */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

export type TranslateValues = Readonly<Record<string, unknown>> & { count?: number };

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(dictionary: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, values: TranslateValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** A translate function for one language. A missing key shows as itself, never as a blank. */
export function createTranslator(locale: string, dictionary: Dictionary) {
  const plurals = new Intl.PluralRules(locale);
  return (key: string, values?: TranslateValues): string => {
    const count = values?.count;
    const text =
      (typeof count === 'number'
        ? (lookup(dictionary, `${key}_${plurals.select(count)}`) ?? lookup(dictionary, `${key}_other`))
        : undefined) ?? lookup(dictionary, key);
    return text === undefined ? key : interpolate(text, values);
  };
}
