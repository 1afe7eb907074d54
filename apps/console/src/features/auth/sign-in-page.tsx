import { useState } from 'react';
import { operatorUsernameSchema, type ConsoleSignInResult } from '@drama/contracts';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { detailNumber, isApiError } from '../../shared/api/api-error';
import { zodRule } from '../../shared/form/zod-rule';
import { useI18n } from '../../shared/i18n/i18n';
import { meQueryOptions } from '../../shared/session/me';
import { safeNextPath } from '../../shared/session/next-path';
import { signIn } from './api';
import { AuthFrame } from './auth-frame';

interface Credentials {
  username: string;
  password: string;
}

/** Username and password, then, when the account has two-factor sign-in, its code. */
export default function SignInPage() {
  const { t, errorText } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // Kept between the two steps: the code is checked together with the password.
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  const submit = useMutation({
    mutationFn: (body: Credentials & { code?: string }) => signIn(body),
    onSuccess: (result: ConsoleSignInResult, body) => {
      if (result.step === 'totp') {
        setCredentials({ username: body.username, password: body.password });
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, result.me);
      void navigate(result.step === 'totp-setup' ? '/two-factor' : safeNextPath(params.get('next')), { replace: true });
    },
  });

  const error = submit.error;
  const attempts = detailNumber(error, 'attemptsRemaining');
  const retryAfter = detailNumber(error, 'retryAfter');
  const errorAlert = error && (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={errorText(error)}
      description={
        attempts !== undefined
          ? t('signIn.attemptsLeft', { count: attempts })
          : retryAfter !== undefined && isApiError(error) && (error.code === 'OPERATOR_LOCKED' || error.code === 'RATE_LIMITED')
            ? t('signIn.lockedFor', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) })
            : undefined
      }
      data-testid="sign-in-error"
    />
  );

  if (credentials) {
    return (
      <AuthFrame title={t('signIn.codeTitle')}>
        <Typography.Paragraph type="secondary">{t('signIn.codeHint', { username: credentials.username })}</Typography.Paragraph>
        {errorAlert}
        <Form<{ code: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ code }) => submit.mutate({ ...credentials, code })}
        >
          <Form.Item
            name="code"
            label={t('signIn.code')}
            rules={[{ required: true, message: t('form.required') }, { pattern: /^\d{6}$/, message: t('form.code') }]}
          >
            <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="mono" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submit.isPending}>
            {t('signIn.verify')}
          </Button>
          <Button
            type="link"
            block
            style={{ marginTop: 8 }}
            onClick={() => {
              submit.reset();
              setCredentials(null);
            }}
          >
            {t('signIn.back')}
          </Button>
        </Form>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('signIn.title')}>
      {errorAlert}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(values) => submit.mutate(values)}>
        <Form.Item
          name="username"
          label={t('signIn.username')}
          rules={[{ required: true, message: t('form.required') }, zodRule(operatorUsernameSchema, t('form.username'))]}
        >
          <Input autoFocus autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: t('form.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.isPending}>
          {t('signIn.submit')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
