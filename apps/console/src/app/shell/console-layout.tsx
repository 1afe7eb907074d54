import { useState } from 'react';
import { Grid, Layout, Menu, Typography, theme } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { readPreference, writePreference } from '../../shared/preferences/storage';
import { useMe } from '../../shared/session/me';
import { BreadcrumbContext, type Crumb } from '../../shared/ui/breadcrumbs';
import { navLocation, visibleNav } from '../navigation';
import { TopBar } from './top-bar';

/** The signed-in frame: menu at the left, the operator's bar on top, the page below. */
export function ConsoleLayout() {
  const { t } = useI18n();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // Below 1200 px (a tablet) the menu starts folded to icons, unless the operator chose otherwise.
  const [chosen, setChosen] = useState<boolean | null>(() => {
    const stored = readPreference('siderCollapsed');
    return stored === null ? null : stored === 'true';
  });
  const collapsed = chosen ?? !screens.xl;
  const toggle = () => {
    writePreference('siderCollapsed', String(!collapsed));
    setChosen(!collapsed);
  };

  const groups = visibleNav(me.role);
  const here = navLocation(location.pathname, groups);
  // A group named like its entry (Operators › Operators) says it once.
  const crumbs: Crumb[] = here
    ? [
        ...(t(here.group.label) === t(here.entry.label) ? [] : [{ title: t(here.group.label) }]),
        { title: t(here.entry.label), path: here.entry.path },
      ]
    : [];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={216}
        collapsedWidth={64}
        theme="light"
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div className="console-brand" title={t('app.name')}>
          <span className="console-brand-mark" aria-hidden="true">
            D
          </span>
          {!collapsed && (
            <Typography.Text strong ellipsis>
              {t('app.name')}
            </Typography.Text>
          )}
        </div>
        <nav aria-label={t('app.name')}>
          <Menu
            mode="inline"
            selectedKeys={here ? [here.entry.path] : []}
            style={{ borderInlineEnd: 'none' }}
            items={groups.map((group) => ({
              type: 'group' as const,
              key: group.key,
              label: collapsed ? null : t(group.label),
              children: group.entries.map((entry) => ({
                key: entry.path,
                icon: <entry.icon />,
                label: entry.badge ? (
                  <span>
                    {t(entry.label)}
                    <entry.badge />
                  </span>
                ) : (
                  t(entry.label)
                ),
              })),
            }))}
            onClick={({ key }) => void navigate(`/${key}`)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 12,
            height: 52,
            lineHeight: 'normal',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <TopBar collapsed={collapsed} onToggle={toggle} />
        </Layout.Header>
        <Layout.Content style={{ padding: '16px 24px 32px' }}>
          <BreadcrumbContext value={crumbs}>
            <Outlet />
          </BreadcrumbContext>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
