import type { LucideIcon } from 'lucide-react';
import {
  setUserSetting,
  useUserSettings,
  type UserSettingPath,
} from '../../../shared/user-settings/user-settings';
import { SettingsSwitchRow } from './settings-row';

interface UserSettingSwitchProps {
  icon: LucideIcon;
  setting: UserSettingPath;
  label: string;
  description: string;
}

/** One of the member's kept switches, shown as it stands and saved as soon as it is flipped. */
export function UserSettingSwitch({ icon, setting, label, description }: UserSettingSwitchProps) {
  const settings = useUserSettings();
  const [group, key] = setting;
  const checked = group === 'notifications' ? settings.notifications[key] : settings.privacy[key];
  return (
    <SettingsSwitchRow
      icon={icon}
      label={label}
      description={description}
      checked={checked}
      onChange={(value) => setUserSetting(setting, value)}
      testId={`setting-${group}-${key}`}
    />
  );
}
