import { setupTokenSchema } from '@drama/contracts';
import { Alert, Button, Form, Result, Skeleton, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError, isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { LoadError } from '../../shared/ui/states';
import { choosePassword, setupLinkInfo } from './api';
import { AuthFrame } from './auth-frame';
import { NewPasswordFields } from './password-fields';

/** /console/setup?token=…: the one-time link an owner hands a new operator, to choose a password. */
export default function SetupLinkPage() {
  const { t, errorText, locale } = useI18n();
  const [params] = useSearchParams();
  const token = setupTokenSchema.safeParse(params.get('token') ?? '');
  const info = useQuery({
    queryKey: ['console', 'setup-link', token.data],
    queryFn: ({ signal }) => {
      if (!token.success) throw new ApiError({ status: 410, code: 'SETUP_LINK_INVALID', message: 'malformed token' });
      return setupLinkInfo(token.data, signal);
    },
    retry: false,
  });
  const save = useMutation({ mutationFn: choosePassword });

  const invalid = (
    <Result
      status="warning"
      title={t('setup.invalid')}
      extra={
        <Link to="/sign-in">
          <Button>{t('setup.goSignIn')}</Button>
        </Link>
      }
    />
  );

  let body;
  if (info.isPending) body = <Skeleton active />;
  else if (info.isError) {
    const gone = isApiError(info.error) && (info.error.code === 'SETUP_LINK_INVALID' || info.error.status === 404);
    body = gone ? invalid : <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  } else if (save.isSuccess) {
    body = (
      <Result
        status="success"
        title={t('setup.done')}
        extra={
          <Link to="/sign-in">
            <Button type="primary">{t('setup.goSignIn')}</Button>
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>{t('setup.intro', { username: info.data.username, role: t(`role.${info.data.role}`) })}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('setup.expires', { time: formatDateTime(info.data.expiresAt, locale) })}</Typography.Paragraph>
        {save.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} />}
        {/* The username lets a password manager file the new password under the right account. */}
        <Form<{ password: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ password }) => token.success && save.mutate({ token: token.data, password })}
        >
          <input type="text" name="username" autoComplete="username" value={info.data.username} readOnly hidden />
          <NewPasswordFields name="password" label="setup.password" confirmLabel="setup.confirm" />
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            {t('setup.submit')}
          </Button>
        </Form>
      </>
    );
  }
  return <AuthFrame title={t('setup.title')}>{body}</AuthFrame>;
}
