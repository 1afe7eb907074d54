import { useState } from 'react';
import { OPERATOR_ROLES, operatorUsernameSchema, type OperatorRole, type OperatorSummary } from '@drama/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Flex, Form, Input, Modal, Select, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodRule } from '../../shared/form/zod-rule';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable } from '../../shared/list/query-table';
import { useMe } from '../../shared/session/me';
import { PageHeader } from '../../shared/ui/page-header';
import { RoleTag } from '../../shared/ui/role-tag';
import { createOperator, newSetupLink, operatorsQueryOptions, resetOperatorTotp, securityQueryOptions, setRequireTotp, updateOperator } from './api';
import { SetupLinkModal, type IssuedLink } from './setup-link-modal';

export default function OperatorsPage() {
  const { t, locale, errorText } = useI18n();
  const me = useMe();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const operators = useQuery(operatorsQueryOptions);
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<IssuedLink | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions.queryKey });
  const failed = (error: unknown) => void message.error(errorText(error));
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: OperatorRole; status?: 'active' | 'disabled' }) => updateOperator(id, body),
    onSuccess: () => {
      void message.success(t('operators.updated'));
      void refresh();
    },
    onError: failed,
  });
  const resetTotp = useMutation({
    mutationFn: resetOperatorTotp,
    onSuccess: () => {
      void message.success(t('operators.updated'));
      void refresh();
    },
    onError: failed,
  });
  const reissue = useMutation({
    mutationFn: (operator: OperatorSummary) => newSetupLink(operator.id),
    onSuccess: (issued, operator) => {
      setLink({ username: operator.username, ...issued });
      void refresh();
    },
    onError: failed,
  });

  const confirm = (content: string, onOk: () => Promise<unknown>, danger = true) =>
    modal.confirm({ content, okButtonProps: { danger }, okText: t('common.save'), cancelText: t('common.cancel'), onOk });

  const columns: TableColumnsType<OperatorSummary> = [
    {
      title: t('operators.username'),
      dataIndex: 'username',
      render: (username: string, operator) => (
        <Space size={6}>
          <Typography.Text strong>{username}</Typography.Text>
          {operator.id === me.id && <Typography.Text type="secondary">({t('common.you')})</Typography.Text>}
        </Space>
      ),
    },
    { title: t('operators.role'), dataIndex: 'role', render: (role: OperatorRole) => <RoleTag role={role} /> },
    {
      title: t('operators.status'),
      dataIndex: 'status',
      render: (_: unknown, operator) =>
        operator.pendingSetup ? (
          <Tag color="processing">{t('operators.pendingSetup')}</Tag>
        ) : operator.status === 'active' ? (
          <Tag color="success">{t('operators.active')}</Tag>
        ) : (
          <Tag>{t('operators.disabled')}</Tag>
        ),
    },
    { title: t('operators.twoFactor'), dataIndex: 'totpEnabled', render: (on: boolean) => (on ? t('common.on') : t('common.off')) },
    { title: t('operators.lastSignIn'), dataIndex: 'lastSignInAt', render: (at: string | null) => (at ? formatDateTime(at, locale) : t('common.never')) },
    { title: t('operators.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, locale) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      align: 'right',
      render: (_: unknown, operator) => (
        <Space size={0}>
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [operator.role],
              items: OPERATOR_ROLES.map((role) => ({ key: role, label: t(`role.${role}`) })),
              onClick: ({ key }) => key !== operator.role && update.mutate({ id: operator.id, role: key as OperatorRole }),
            }}
          >
            <Button type="link" size="small">
              {t('operators.changeRole')}
            </Button>
          </Dropdown>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                operator.status === 'active'
                  ? { key: 'disable', label: t('operators.disable'), danger: true }
                  : { key: 'enable', label: t('operators.enable') },
                ...(operator.totpEnabled ? [{ key: 'reset-totp', label: t('operators.resetTotp'), danger: true }] : []),
                { key: 'setup-link', label: t('operators.newLink') },
              ],
              onClick: ({ key }) => {
                const username = operator.username;
                if (key === 'disable') confirm(t('operators.disableConfirm', { username }), () => update.mutateAsync({ id: operator.id, status: 'disabled' }));
                if (key === 'enable') update.mutate({ id: operator.id, status: 'active' });
                if (key === 'reset-totp') confirm(t('operators.resetTotpConfirm', { username }), () => resetTotp.mutateAsync(operator.id));
                if (key === 'setup-link') confirm(t('operators.newLinkConfirm', { username }), () => reissue.mutateAsync(operator), false);
              },
            }}
          >
            <Button type="link" size="small" aria-label={`${t('common.actions')}: ${operator.username}`}>
              ···
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('operators.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('operators.create')}
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <RequireTotpCard />
        <QueryTable<OperatorSummary> rowKey="id" query={operators} items={operators.data?.items} columns={columns} />
      </Flex>
      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(issued) => {
          setCreating(false);
          setLink(issued);
          void message.success(t('operators.created', { username: issued.username }));
          void refresh();
        }}
      />
      <SetupLinkModal link={link} onClose={() => setLink(null)} />
    </>
  );
}

function RequireTotpCard() {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const security = useQuery(securityQueryOptions);
  const save = useMutation({
    mutationFn: setRequireTotp,
    onSuccess: (saved) => queryClient.setQueryData(securityQueryOptions.queryKey, saved),
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Card size="small">
      <Flex align="center" gap={12}>
        <Switch
          id="require-totp"
          checked={security.data?.requireTotp ?? false}
          loading={security.isPending || save.isPending}
          disabled={security.isError}
          onChange={(checked) => save.mutate(checked)}
        />
        <label htmlFor="require-totp">
          <Typography.Text strong>{t('operators.requireTotp')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{security.isError ? errorText(security.error) : t('operators.requireTotpHint')}</Typography.Text>
        </label>
      </Flex>
    </Card>
  );
}

function CreateOperatorModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (link: IssuedLink) => void }) {
  const { t, errorText } = useI18n();
  const [form] = Form.useForm<{ username: string; role: OperatorRole }>();
  const create = useMutation({
    mutationFn: createOperator,
    onSuccess: (created) => {
      form.resetFields();
      onCreated({ username: created.operator.username, setupUrl: created.setupUrl, expiresAt: created.expiresAt });
    },
  });
  return (
    <Modal
      open={open}
      title={t('operators.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={() => {
        create.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: 'content' }} onFinish={(values) => create.mutate(values)}>
        {create.isError && <Typography.Paragraph type="danger">{errorText(create.error)}</Typography.Paragraph>}
        <Form.Item
          name="username"
          label={t('operators.username')}
          extra={t('form.username')}
          rules={[{ required: true, message: t('form.required') }, zodRule(operatorUsernameSchema, t('form.username'))]}
        >
          <Input autoFocus autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')}>
          <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
