import { siteNameIn } from '@drama/contracts';
import { useLocale } from '../i18n/i18n';
import { useSystemSettings } from './get-system-settings';

/**
 * The site's name as this reader sees it: the product's name in the current language (also
 * while the settings load, and over a copy cached before the server wrote it per language),
 * or the name an operator chose.
 */
export function useSiteName(): string {
  const { data: settings } = useSystemSettings();
  return siteNameIn(settings?.siteName, useLocale());
}
