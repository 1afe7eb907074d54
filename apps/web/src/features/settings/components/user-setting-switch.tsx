import { BellRing, Eye, MessageSquareText, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation, type TranslationKey } from '../../../shared/i18n/i18n';
import { useChangeUserSetting } from '../../../shared/user-settings/use-change-user-setting';
import { useUserSettings, userSetting, type UserSettingPath } from '../../../shared/user-settings/user-settings';
import { SettingsSwitchRow } from './settings-row';

interface SwitchText {
  icon: LucideIcon;
  label: TranslationKey;
  description: TranslationKey;
}

// Each switch's key names it alone: no two groups share one.
const SWITCHES: Record<UserSettingPath[1], SwitchText> = {
  updates: { icon: BellRing, label: 'settings.notifyUpdates', description: 'settings.notifyUpdatesHint' },
  messages: { icon: MessageSquareText, label: 'settings.notifyMessages', description: 'settings.notifyMessagesHint' },
  history: { icon: Eye, label: 'settings.privacyHistory', description: 'settings.privacyHistoryHint' },
  recommendations: {
    icon: Sparkles,
    label: 'settings.privacyRecommendations',
    description: 'settings.privacyRecommendationsHint',
  },
};

/**
 * One of the viewer's kept switches, shown as it stands and saved as soon as it is flipped: on
 * the device at once and, for a member, on the server too (put back, with a toast, if that fails).
 */
export function UserSettingSwitch({ setting }: { setting: UserSettingPath }) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const [group, key] = setting;
  const { icon, label, description } = SWITCHES[key];
  const change = useChangeUserSetting();
  const checked = userSetting(setting, settings);
  return (
    <SettingsSwitchRow
      icon={icon}
      label={t(label)}
      description={t(description)}
      checked={checked}
      onChange={(value) => void change(setting, value)}
      testId={`setting-${group}-${key}`}
    />
  );
}
