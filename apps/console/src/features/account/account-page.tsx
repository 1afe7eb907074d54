import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, disableTotp, NewPasswordFields, TotpSetup } from '../auth';
import { useI18n } from '../../shared/i18n/i18n';
import { meQueryOptions, useMe } from '../../shared/session/me';
import { PageHeader } from '../../shared/ui/page-header';
import { RoleTag } from '../../shared/ui/role-tag';

export default function AccountPage() {
  const { t } = useI18n();
  const me = useMe();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Flex vertical gap={16} style={{ maxWidth: 760 }}>
        <Card title={t('account.profile')} size="small">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('account.username')}>{me.username}</Descriptions.Item>
            <Descriptions.Item label={t('account.role')}>
              <RoleTag role={me.role} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <PasswordCard />
        <TwoFactorCard />
      </Flex>
    </>
  );
}

function PasswordCard() {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string }>();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.resetFields();
      void message.success(t('account.passwordChanged'));
    },
  });
  return (
    <Card title={t('account.password')} size="small">
      {change.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorText(change.error)} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 360 }}
        onFinish={({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword })}
      >
        <Form.Item name="currentPassword" label={t('account.currentPassword')} rules={[{ required: true, message: t('form.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" label="account.newPassword" confirmLabel="account.confirmPassword" />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}

function TwoFactorCard() {
  const { t, errorText } = useI18n();
  const me = useMe();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const disable = useMutation({
    mutationFn: disableTotp,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      setTurningOff(false);
      form.resetFields();
      void message.success(t('account.turnedOff'));
    },
  });

  return (
    <Card
      title={t('account.twoFactor')}
      size="small"
      extra={<Tag color={me.totpEnabled ? 'success' : 'default'}>{me.totpEnabled ? t('common.on') : t('common.off')}</Tag>}
    >
      <Typography.Paragraph>{me.totpEnabled ? t('account.twoFactorOn') : t('account.twoFactorOff')}</Typography.Paragraph>
      {me.totpEnabled ? (
        <Button danger onClick={() => setTurningOff(true)}>
          {t('account.turnOff')}
        </Button>
      ) : settingUp ? (
        <TotpSetup
          onDone={() => {
            setSettingUp(false);
            void message.success(t('totp.enabled'));
          }}
        />
      ) : (
        <Button type="primary" onClick={() => setSettingUp(true)}>
          {t('account.turnOn')}
        </Button>
      )}
      <Modal
        open={turningOff}
        title={t('account.turnOffTitle')}
        okText={t('account.turnOff')}
        okButtonProps={{ danger: true, loading: disable.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => {
          setTurningOff(false);
          disable.reset();
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('account.turnOffHint')}</Typography.Paragraph>
        {disable.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorText(disable.error)} />}
        <Form form={form} onFinish={({ code }) => disable.mutate(code)}>
          <Form.Item name="code" rules={[{ required: true, message: t('form.required') }, { pattern: /^\d{6}$/, message: t('form.code') }]}>
            <Input aria-label={t('signIn.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="mono" style={{ width: 160 }} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
