import type { ReactNode } from 'react';
import { Card, Flex, Space, Typography } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { LocaleMenu, ThemeMenu } from '../../shared/preferences/preference-menus';

/** The frame of the pages before the console: a narrow card in the middle, language and theme at the top. */
export function AuthFrame({ title, children, width = 380 }: { title: string; children: ReactNode; width?: number }) {
  const { t } = useI18n();
  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <Flex justify="space-between" align="center" style={{ padding: '8px 16px' }}>
        <div className="console-brand" style={{ paddingInline: 0 }}>
          <span className="console-brand-mark" aria-hidden="true">
            D
          </span>
          <Typography.Text strong>{t('app.name')}</Typography.Text>
        </div>
        <Space size={4}>
          <LocaleMenu />
          <ThemeMenu />
        </Space>
      </Flex>
      <Flex flex={1} align="flex-start" justify="center" style={{ padding: '8vh 16px 32px' }}>
        <Card style={{ width, maxWidth: '100%' }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}
