import { useState } from 'react';
import { OPERATOR_ROLES, type ApiTokenSummary, type OperatorRole } from '@drama/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable } from '../../shared/list/query-table';
import { mayUse } from '../../shared/session/access';
import { useMe } from '../../shared/session/me';
import { PageHeader } from '../../shared/ui/page-header';
import { RoleTag } from '../../shared/ui/role-tag';
import { createToken, revokeToken, tokensQueryOptions } from './api';

export default function TokensPage() {
  const { t, locale, errorText } = useI18n();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQueryOptions);
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions.queryKey });
  const revoke = useMutation({
    mutationFn: revokeToken,
    onSuccess: () => void refresh(),
    onError: (error) => void message.error(errorText(error)),
  });

  const columns: TableColumnsType<ApiTokenSummary> = [
    { title: t('tokens.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('tokens.prefix'), dataIndex: 'prefix', render: (prefix: string) => <span className="mono">{prefix}…</span> },
    { title: t('tokens.role'), dataIndex: 'role', render: (role: OperatorRole) => <RoleTag role={role} /> },
    { title: t('tokens.owner'), dataIndex: 'operatorUsername' },
    { title: t('tokens.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, locale) },
    { title: t('tokens.lastUsed'), dataIndex: 'lastUsedAt', render: (at: string | null) => (at ? formatDateTime(at, locale) : t('common.never')) },
    {
      title: t('tokens.status'),
      dataIndex: 'revokedAt',
      render: (at: string | null) => (at ? <Tag>{t('tokens.revoked')}</Tag> : <Tag color="success">{t('tokens.active')}</Tag>),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      align: 'right',
      render: (_: unknown, token) =>
        token.revokedAt ? null : (
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                content: t('tokens.revokeConfirm', { name: token.name }),
                okText: t('tokens.revoke'),
                okButtonProps: { danger: true },
                cancelText: t('common.cancel'),
                onOk: () => revoke.mutateAsync(token.id),
              })
            }
          >
            {t('tokens.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('tokens.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('tokens.create')}
          </Button>
        }
      />
      <QueryTable<ApiTokenSummary> rowKey="id" query={tokens} items={tokens.data?.items} columns={columns} />
      <CreateTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setIssued(created);
          void refresh();
        }}
      />
      <Modal
        open={issued !== null}
        title={issued && t('tokens.createdTitle', { name: issued.name })}
        okText={t('common.close')}
        onOk={() => setIssued(null)}
        onCancel={() => setIssued(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('tokens.shownOnce')} />
        <Typography.Paragraph copyable={{ text: issued?.token ?? '', tooltips: [t('common.copy'), t('common.copied')] }} className="mono" style={{ wordBreak: 'break-all' }} data-testid="issued-token">
          {issued?.token}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

function CreateTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: { name: string; token: string }) => void }) {
  const { t, errorText } = useI18n();
  const me = useMe();
  const [form] = Form.useForm<{ name: string; role: OperatorRole }>();
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (created) => {
      form.resetFields();
      onCreated({ name: created.record.name, token: created.token });
    },
  });
  // A token may carry its maker's role at most (owners any).
  const roles = OPERATOR_ROLES.filter((role) => mayUse(me.role, [role]));
  return (
    <Modal
      open={open}
      title={t('tokens.create')}
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
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: me.role }} onFinish={(values) => create.mutate(values)}>
        {create.isError && <Typography.Paragraph type="danger">{errorText(create.error)}</Typography.Paragraph>}
        <Form.Item name="name" label={t('tokens.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 60 }]}>
          <Input autoFocus placeholder={t('tokens.namePlaceholder')} maxLength={60} />
        </Form.Item>
        <Form.Item name="role" label={t('tokens.role')} extra={t('tokens.roleHint')}>
          <Select options={roles.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
