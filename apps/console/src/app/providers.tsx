import { useEffect, type ReactNode } from 'react';
import type { Locale } from '@drama/contracts';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { I18nProvider, useI18n } from '../shared/i18n/i18n';
import { ThemeProvider, useTheme } from '../shared/preferences/theme';

const ANT_LOCALES: Record<Locale, AntLocale> = { 'zh-CN': zhCN, 'zh-Hant': zhTW, 'en-US': enUS };
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-Hant': 'zh-tw', 'en-US': 'en' };

/** The product's accent (the viewers' app's filled accent), white text on it at 4.5:1 in both themes. */
const ACCENT = '#e3173f';

function AntdFrame({ children }: { children: ReactNode }) {
  const { locale, t } = useI18n();
  const { resolved } = useTheme();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t('app.name');
    dayjs.locale(DAYJS_LOCALES[locale]);
  }, [locale, t]);
  return (
    <ConfigProvider
      locale={ANT_LOCALES[locale]}
      theme={{
        algorithm: resolved === 'dark' ? [theme.darkAlgorithm, theme.compactAlgorithm] : [theme.compactAlgorithm],
        token: { colorPrimary: ACCENT, colorLink: resolved === 'dark' ? '#ff6b85' : '#b8113a', borderRadius: 6, fontSize: 14 },
        components: { Layout: { siderBg: resolved === 'dark' ? '#141414' : '#ffffff' } },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ThemeProvider>
        <AntdFrame>{children}</AntdFrame>
      </ThemeProvider>
    </I18nProvider>
  );
}
