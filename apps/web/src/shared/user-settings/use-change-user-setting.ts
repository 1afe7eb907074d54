import { useCallback } from 'react';
import { errorMessage } from '../i18n/error-message';
import { useTranslation } from '../i18n/i18n';
import { toast } from '../ui/toast/toast-store';
import { changeUserSetting } from './member-settings-sync';
import type { UserSettingPath } from './user-settings';

/**
 * Flips one of the viewer's switches (synced for a member); when the server refuses or cannot
 * be reached, the switch has already been put back and this tells the viewer why.
 */
export function useChangeUserSetting(): (path: UserSettingPath, value: boolean) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    (path, value) =>
      changeUserSetting(path, value).then(
        () => true,
        (error: unknown) => {
          toast.error(t('errors.withDetail', { message: t('settings.switchFailed'), detail: errorMessage(t, error) }));
          return false;
        },
      ),
    [t],
  );
}
