import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { isUnauthenticated } from '../shared/api/api-error';
import { useI18n } from '../shared/i18n/i18n';
import { mayUse, type Access } from '../shared/session/access';
import { MeContext, meQueryOptions, useMe } from '../shared/session/me';
import { signInPath } from '../shared/session/next-path';
import { FullPageSpin, LoadError } from '../shared/ui/states';
import { homePath } from './navigation';

/** The signed-in area: loads the operator, sends a visitor to sign-in and back, and holds a session limited to setting up two-factor there. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useQuery(meQueryOptions);
  // Signing out empties the cache: the last operator stays provided until the page changes.
  const [last, setLast] = useState(me.data);
  if (me.data && me.data !== last) setLast(me.data);
  const current = me.data ?? last;
  if (me.isPending && !current) return <FullPageSpin />;
  if (me.isError) {
    if (isUnauthenticated(me.error)) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
    return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (!current) return <FullPageSpin />;
  if (current.totpSetupRequired && location.pathname !== '/two-factor') return <Navigate to="/two-factor" replace />;
  return <MeContext value={current}>{children}</MeContext>;
}

/** A page the operator's role may not open says so instead of showing controls that would fail. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const me = useMe();
  if (mayUse(me.role, access)) return children;
  return <Forbidden />;
}

function Forbidden() {
  const { t } = useI18n();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('page.forbidden')}
      extra={
        <Link to="/">
          <Button type="primary">{t('page.backHome')}</Button>
        </Link>
      }
    />
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('page.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('page.backHome')}</Button>
        </Link>
      }
    />
  );
}

export function HomeRedirect() {
  const me = useMe();
  return <Navigate to={`/${homePath(me.role)}`} replace />;
}
