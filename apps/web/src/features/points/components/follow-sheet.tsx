import { Heart, LoaderCircle, PhoneCall } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';

const DEFAULT_LOGO = '/media/brand/logo-144.webp';

interface FollowSheetProps {
  open: boolean;
  onClose: () => void;
  onFollowed: () => void;
  pending: boolean;
}

/** The official account to follow (the site's name and configured contact), and "done". */
export function FollowSheet({ open, onClose, onFollowed, pending }: FollowSheetProps) {
  const { t } = useTranslation();
  const { data: settings } = useSystemSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  const siteName = settings?.siteName || t('app.name');
  const contact = settings?.contact?.trim();
  return (
    <BottomSheet open={open} title={t('points.follow.title')} onClose={onClose}>
      <div className="mt-2 flex items-center gap-3.5 rounded-2xl border border-line bg-surface-2 px-4 py-4">
        {logoFailed ? (
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-soft text-accent">
            <Heart aria-hidden className="size-6" />
          </span>
        ) : (
          <img
            src={settings?.siteLogo || DEFAULT_LOGO}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-2xl"
            onError={() => setLogoFailed(true)}
          />
        )}
        <div className="min-w-0">
          <p className="truncate text-base font-bold" data-testid="follow-site-name">
            {siteName}
          </p>
          <p className="mt-0.5 text-[13px] leading-snug text-fg-muted">{t('points.follow.body', { site: siteName })}</p>
        </div>
      </div>
      <div className="mt-3 flex items-start gap-3 rounded-2xl border border-line px-4 py-3.5">
        <PhoneCall aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0">
          <p className="text-[13px] text-fg-subtle">{t('points.follow.contactLabel')}</p>
          <p className="mt-0.5 text-[15px] font-medium [overflow-wrap:anywhere]" data-testid="follow-contact">
            {contact || t('profile.noContact')}
          </p>
        </div>
      </div>
      <button type="button" onClick={onFollowed} disabled={pending} className="btn-primary mt-4 mb-2 h-12 w-full disabled:opacity-60">
        {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : <Heart aria-hidden className="size-4" />}
        {t('points.follow.done')}
      </button>
    </BottomSheet>
  );
}
