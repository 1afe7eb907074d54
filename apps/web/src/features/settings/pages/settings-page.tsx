import { FileText, Globe, KeyRound, LogOut, Mail, ShieldCheck, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { ThemeOptions } from '../../../shared/preferences/theme-options';
import { logout } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast/toast-store';
import { SettingsGroup, SettingsRow } from '../components/settings-row';

export function SettingsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();

  const signOut = async () => {
    const confirmed = await confirm({
      title: t('settings.signOutTitle'),
      message: t('settings.signOutMessage'),
      confirmText: t('settings.signOut'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    logout();
    toast.success(t('settings.signedOut'));
    navigate('/', { replace: true });
  };

  return (
    <div className="flex flex-1 flex-col pb-10">
      <PageHeader title={t('routes.settings')} fallback="/profile" />
      <section className="mt-5 px-4">
        <h2 className="px-1 pb-2 text-[13px] font-medium text-fg-subtle">{t('settings.appearance')}</h2>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <ThemeOptions />
        </div>
      </section>
      <SettingsGroup title={t('settings.general')}>
        <SettingsRow icon={Globe} label={t('routes.language')} to="/settings/language" value={t(`languages.${locale}`)} />
      </SettingsGroup>
      <SettingsGroup title={t('settings.account')}>
        <SettingsRow icon={KeyRound} label={t('routes.changePassword')} to="/settings/change-password" />
        <SettingsRow icon={Smartphone} label={t('routes.bindPhone')} to="/settings/bind-phone" />
        <SettingsRow icon={Mail} label={t('routes.bindEmail')} to="/settings/bind-email" />
      </SettingsGroup>
      <SettingsGroup title={t('settings.about')}>
        <SettingsRow icon={FileText} label={t('routes.agreement')} to="/legal/agreement" />
        <SettingsRow icon={ShieldCheck} label={t('routes.privacy')} to="/legal/privacy" />
      </SettingsGroup>
      <div className="mt-8 px-4">
        <button
          type="button"
          onClick={() => void signOut()}
          className="flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl border border-line bg-surface text-[15px] font-semibold text-danger active:bg-surface-2"
        >
          <LogOut aria-hidden className="size-4" />
          {t('settings.signOut')}
        </button>
      </div>
    </div>
  );
}
