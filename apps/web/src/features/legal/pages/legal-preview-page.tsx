import { LEGAL_PREVIEW_READY, type LegalPreviewMessage, legalPreviewMessageSchema } from '@drama/contracts';
import { useEffect, useState } from 'react';
import { showLocale, useTranslation } from '../../../shared/i18n/i18n';
import { showTheme } from '../../../shared/theme/theme-store';
import { LegalView } from './legal-page';

/**
 * The console's preview of a legal text (`/legal/preview`, shown in a frame of the console's
 * settings page). The text being edited, the locale and the theme come from the parent page by
 * postMessage, accepted only from the same origin (the console is served by the same server);
 * the page renders them with the viewers' own legal page, dictionary and theme, and keeps
 * nothing: the viewer's stored language and theme are left as they were.
 */
export function LegalPreviewPage() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<LegalPreviewMessage | null>(null);

  useEffect(() => {
    function receive(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const parsed = legalPreviewMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      showTheme(parsed.data.theme);
      void showLocale(parsed.data.locale).then(() => setMessage(parsed.data));
    }
    window.addEventListener('message', receive);
    if (window.parent !== window) window.parent.postMessage({ type: LEGAL_PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', receive);
  }, []);

  const field = message?.field ?? 'userAgreement';
  return (
    <LegalView
      field={field}
      title={t(field === 'userAgreement' ? 'routes.agreement' : 'routes.privacy')}
      source={{
        settings: message
          ? {
              siteName: message.siteName,
              contact: message.contact,
              userAgreement: field === 'userAgreement' ? message.text : '',
              privacyPolicy: field === 'privacyPolicy' ? message.text : '',
            }
          : undefined,
        error: null,
        isPending: message === null,
        refetch: () => undefined,
      }}
    />
  );
}
