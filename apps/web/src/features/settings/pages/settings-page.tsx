import { useQueryClient } from '@tanstack/react-query';
import type { CodeChannel } from '@drama/contracts';
import {
  BrushCleaning,
  FileText,
  Globe,
  KeyRound,
  LogOut,
  Mail,
  ShieldCheck,
  Smartphone,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { useMe } from '../../../shared/account/get-me';
import { maskEmail, maskPhone } from '../../../shared/account/mask';
import { useLocale } from '../../../shared/i18n/i18n';
import { ThemeOptions } from '../../../shared/preferences/theme-options';
import { useSession } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useSignOut } from '../api/sign-out';
import { clearAppCaches } from '../clear-cache';
import { SettingsButtonRow, SettingsGroup, SettingsRow } from '../components/settings-row';
import { UserSettingSwitch } from '../components/user-setting-switch';

export function SettingsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const me = useMe();
  const signOut = useSignOut();
  const [clearing, setClearing] = useState(false);

  // The phone is only in the profile; the email is in the kept user info too, so it shows at once.
  const phone = me.data?.phone ?? null;
  const email = me.data?.email ?? user?.email ?? null;
  const phoneValue = me.isPending ? '' : phone ? maskPhone(phone) : t('settings.notLinked');
  const emailValue = email ? maskEmail(email) : me.isPending ? '' : t('settings.notLinked');

  const onSignOut = async () => {
    const confirmed = await confirm({
      title: t('settings.signOutTitle'),
      message: t('settings.signOutMessage'),
      confirmText: t('settings.signOut'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    await signOut.mutateAsync();
    toast.success(t('settings.signedOut'));
    void navigate('/', { replace: true });
  };

  const onClearCache = async () => {
    setClearing(true);
    const id = toast.loading(t('settings.clearingCache'));
    try {
      await clearAppCaches(queryClient);
      toast.update(id, 'success', t('settings.cacheCleared'));
    } finally {
      setClearing(false);
    }
  };

  return (
    <div className="flex flex-1 flex-col pb-10">
      <PageHeader title={t('routes.settings')} fallback="/profile" />

      <SettingsGroup title={t('settings.account')}>
        <SettingsRow icon={KeyRound} label={t('routes.changePassword')} to="/settings/change-password" />
        <BindContactRow channel="phone" value={phoneValue} />
        <BindContactRow channel="email" value={emailValue} />
      </SettingsGroup>

      <section className="mt-6 px-4">
        <h2 className="px-1 pb-2 text-[13px] font-medium text-fg-subtle">{t('settings.appearance')}</h2>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <ThemeOptions legend={t('settings.darkMode')} />
        </div>
      </section>

      <SettingsGroup title={t('settings.general')}>
        <SettingsRow icon={Globe} label={t('routes.language')} to="/settings/language" value={t(`languages.${locale}`)} />
        <SettingsButtonRow
          icon={BrushCleaning}
          label={t('settings.clearCache')}
          onClick={() => void onClearCache()}
          busy={clearing}
          testId="clear-cache"
        />
      </SettingsGroup>

      <SettingsGroup title={t('settings.notifications')}>
        <UserSettingSwitch setting={['notifications', 'updates']} />
        <UserSettingSwitch setting={['notifications', 'messages']} />
      </SettingsGroup>

      <SettingsGroup title={t('settings.privacy')}>
        <UserSettingSwitch setting={['privacy', 'history']} />
        <UserSettingSwitch setting={['privacy', 'recommendations']} />
      </SettingsGroup>

      <SettingsGroup title={t('settings.about')}>
        <SettingsRow icon={FileText} label={t('routes.agreement')} to="/legal/agreement" />
        <SettingsRow icon={ShieldCheck} label={t('routes.privacy')} to="/legal/privacy" />
      </SettingsGroup>

      <div className="mt-8 px-4">
        <button
          type="button"
          onClick={() => void onSignOut()}
          disabled={signOut.isPending}
          data-testid="sign-out"
          className="flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl border border-line bg-surface text-[15px] font-semibold text-danger active:bg-surface-2 disabled:opacity-60"
        >
          <LogOut aria-hidden className="size-4" />
          {t('settings.signOut')}
        </button>
      </div>
    </div>
  );
}

/** Link a phone or an email: the row shows the one linked now (masked), or that there is none. */
function BindContactRow({ channel, value }: { channel: CodeChannel; value: string }) {
  const { t } = useTranslation();
  return (
    <SettingsRow
      icon={channel === 'phone' ? Smartphone : Mail}
      label={t(channel === 'phone' ? 'routes.bindPhone' : 'routes.bindEmail')}
      to={`/settings/bind-${channel}`}
      value={value}
      testId={`row-bind-${channel}`}
    />
  );
}
