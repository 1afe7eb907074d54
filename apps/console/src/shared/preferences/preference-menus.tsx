import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@drama/contracts';
import { DesktopOutlined, GlobalOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useI18n } from '../i18n/i18n';
import { THEME_CHOICES, type ThemeChoice } from './preferences';
import { useTheme } from './theme';

/** Each locale named in its own language, so that anyone can find theirs. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'zh-Hant': '繁體中文', 'en-US': 'English' };
const THEME_ICONS: Record<ThemeChoice, ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

export function LocaleMenu() {
  const { locale, setLocale, t } = useI18n();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((option) => ({ key: option, label: LOCALE_NAMES[option], lang: option })),
        onClick: ({ key }) => setLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('top.language')} data-testid="locale-switch">
        {LOCALE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
}

export function ThemeMenu() {
  const { t } = useI18n();
  const { choice, setChoice } = useTheme();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [choice],
        items: THEME_CHOICES.map((option) => ({ key: option, label: t(`theme.${option}`), icon: THEME_ICONS[option] })),
        onClick: ({ key }) => setChoice(key as ThemeChoice),
      }}
    >
      <Button type="text" icon={THEME_ICONS[choice]} aria-label={t('top.theme')} data-testid="theme-switch">
        {t(`theme.${choice}`)}
      </Button>
    </Dropdown>
  );
}

