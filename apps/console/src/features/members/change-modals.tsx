import { useState } from 'react';
import { memberReasonSchema, type MemberDetail } from '@drama/contracts';
import { Alert, App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodRule } from '../../shared/form/zod-rule';
import { useI18n } from '../../shared/i18n/i18n';
import { changePoints, changeVip, memberAction, memberKeys, newIdempotencyKey, type MemberActionName } from './api';

interface ChangeForm {
  direction: 'grant' | 'deduct';
  amount: number;
  reason: string;
}

function ReasonField() {
  const { t } = useI18n();
  return (
    <Form.Item
      name="reason"
      label={t('members.reason')}
      extra={t('members.reasonHint')}
      rules={[{ required: true, whitespace: true, message: t('members.reasonRequired') }, zodRule(memberReasonSchema, t('members.reasonRequired'))]}
    >
      <Input.TextArea rows={3} maxLength={200} showCount />
    </Form.Item>
  );
}

/** Grant or deduct VIP days or points: a reason is required; one key per dialog applies it once. */
export function ChangeModal({ member, kind, open, onClose }: { member: MemberDetail; kind: 'vip' | 'points'; open: boolean; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangeForm>();
  // Kept across retries of this dialog; a new one after success or when it is closed.
  const [key, setKey] = useState(newIdempotencyKey);
  const close = () => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: ChangeForm) =>
      kind === 'vip'
        ? changeVip(member.id, { direction: values.direction, days: values.amount, reason: values.reason.trim(), idempotencyKey: key })
        : changePoints(member.id, { direction: values.direction, amount: values.amount, reason: values.reason.trim(), idempotencyKey: key }),
    onSuccess: (result) => {
      queryClient.setQueryData(memberKeys.member(member.id), result.member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      void message.success(t(kind === 'vip' ? 'members.vipChanged' : 'members.pointsChanged'));
      close();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Modal
      open={open}
      title={t(kind === 'vip' ? 'members.changeVip' : 'members.changePoints')}
      okText={t('members.apply')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form<ChangeForm> form={form} layout="vertical" initialValues={{ direction: 'grant' }} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="direction" label={t('members.direction')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'grant', label: t('members.grant') },
              { value: 'deduct', label: t('members.deduct') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t(kind === 'vip' ? 'members.days' : 'members.pointsAmount')}
          rules={[{ required: true, message: t('members.amountRequired') }]}
        >
          <InputNumber min={1} max={kind === 'vip' ? 3650 : 1_000_000} precision={0} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() =>
            form.getFieldValue('direction') === 'deduct' ? (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t(kind === 'vip' ? 'members.deductVipRule' : 'members.deductPointsRule')} />
            ) : null
          }
        </Form.Item>
        <ReasonField />
      </Form>
    </Modal>
  );
}

const ACTION_TEXT = {
  disable: { title: 'members.disable', hint: 'members.disableHint', done: 'members.disabledDone' },
  enable: { title: 'members.enable', hint: 'members.enableHint', done: 'members.enabledDone' },
  'sign-out': { title: 'members.signOut', hint: 'members.signOutHint', done: 'members.signedOutDone' },
} as const;

/** Disable, enable or sign out everywhere, with a reason for the audit log. */
export function ActionModal({ member, action, onClose }: { member: MemberDetail; action: MemberActionName | null; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const run = useMutation({
    mutationFn: (values: { reason: string }) => memberAction(member.id, action as MemberActionName, { reason: values.reason.trim() }),
    onSuccess: (updated) => {
      queryClient.setQueryData(memberKeys.member(member.id), updated);
      void queryClient.invalidateQueries({ queryKey: memberKeys.search });
      if (action) void message.success(t(ACTION_TEXT[action].done));
      close();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const text = action ? ACTION_TEXT[action] : null;
  return (
    <Modal
      open={action !== null}
      title={text ? t(text.title) : ''}
      okText={text ? t(text.title) : ''}
      okButtonProps={{ danger: action !== 'enable' }}
      onOk={() => form.submit()}
      confirmLoading={run.isPending}
      onCancel={close}
      destroyOnHidden
    >
      {text && <Alert type={action === 'enable' ? 'info' : 'warning'} showIcon style={{ marginBottom: 16 }} title={t(text.hint)} />}
      <Form form={form} layout="vertical" onFinish={(values) => run.mutate(values)}>
        <ReasonField />
      </Form>
    </Modal>
  );
}
