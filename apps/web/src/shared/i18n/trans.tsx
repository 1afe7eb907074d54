import { cloneElement, Fragment, type ReactElement } from 'react';
import { useTranslation, type TranslationKey } from './i18n';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

interface TransProps {
  i18nKey: TranslationKey;
  /** Elements for the text's `<name>…</name>` parts, which become their children. */
  components: Record<string, ReactElement<{ children?: string }>>;
}

/** A sentence with links or emphasis inside it, which each language may place differently. */
export function Trans({ i18nKey, components }: TransProps) {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const parts: Array<string | ReactElement> = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: `${name}-${match.index}` }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
