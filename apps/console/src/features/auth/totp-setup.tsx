import { Alert, Button, Flex, Form, Input, QRCode, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { meQueryOptions } from '../../shared/session/me';
import { LoadError } from '../../shared/ui/states';
import { confirmTotp, startTotpSetup } from './api';

/**
 * Setting up two-factor sign-in: a fresh secret as a QR code (and as text, for typing), then a
 * code from the app to prove it works. Used on its own page and in "my account".
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const { t, errorText } = useI18n();
  const queryClient = useQueryClient();
  // A query rather than a mutation: the secret is made once per visit, not again on every render.
  const secret = useQuery({ queryKey: ['console', 'totp-setup'], queryFn: startTotpSetup, staleTime: Infinity, gcTime: 0, retry: false });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions.queryKey, me);
      onDone();
    },
  });

  if (secret.isPending) return <Skeleton active />;
  if (secret.isError) return <LoadError error={secret.error} onRetry={() => void secret.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t('totp.step1')}</Typography.Text>
      <Flex gap={16} align="center" wrap>
        <QRCode value={secret.data.otpauthUrl} size={168} bgColor="#ffffff" color="#000000" data-testid="totp-qr" />
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t('totp.secret')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: secret.data.secret }} className="mono" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
            {secret.data.secret}
          </Typography.Paragraph>
        </div>
      </Flex>
      <Typography.Text>{t('totp.step2')}</Typography.Text>
      {confirm.isError && <Alert type="error" showIcon title={errorText(confirm.error)} />}
      <Form<{ code: string }> layout="inline" onFinish={({ code }) => confirm.mutate(code)}>
        <Form.Item name="code" rules={[{ required: true, message: t('form.required') }, { pattern: /^\d{6}$/, message: t('form.code') }]}>
          <Input aria-label={t('signIn.code')} placeholder="000000" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="mono" style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          {t('totp.confirm')}
        </Button>
      </Form>
    </Flex>
  );
}
