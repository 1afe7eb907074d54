import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Button, Flex, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api';
import { useI18n } from '../../shared/i18n/i18n';
import { LocaleMenu, ThemeMenu } from '../../shared/preferences/preference-menus';
import { RoleTag } from '../../shared/ui/role-tag';
import { useMe } from '../../shared/session/me';

export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t, errorText } = useI18n();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await navigate('/sign-in', { replace: true });
      queryClient.clear();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
        onClick={onToggle}
      />
      <Space size={4} wrap={false}>
        <LocaleMenu />
        <ThemeMenu />
        <Flex align="center" gap={6} style={{ paddingInline: 8 }} data-testid="operator">
          <Typography.Text strong>{me.username}</Typography.Text>
          <RoleTag role={me.role} />
        </Flex>
        <Button type="text" icon={<LogoutOutlined />} loading={leave.isPending} onClick={() => leave.mutate()}>
          {t('top.signOut')}
        </Button>
      </Space>
    </Flex>
  );
}
