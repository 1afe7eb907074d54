import type { ConsoleCampaign } from '@drama/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { campaignKeys, revokeCampaign } from './api';

/** Revoking ends every unused code at once; it needs a reason, kept in the audit log. */
export function RevokeCampaignModal({ campaign, open, onClose }: { campaign: ConsoleCampaign; open: boolean; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useMutation({
    mutationFn: (reason: string) => revokeCampaign(campaign.id, { reason }),
    onSuccess: (updated) => {
      queryClient.setQueryData(campaignKeys.campaign(campaign.id), updated);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void message.success(t('campaigns.revoked', { count: updated.revoked }));
      onClose();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const unused = campaign.count - campaign.redeemed;
  return (
    <Modal
      open={open}
      title={t('campaigns.revokeTitle', { name: campaign.name ?? `#${campaign.id}` })}
      okText={t('campaigns.revokeSubmit')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={revoke.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('campaigns.revokeWarning', { unused, redeemed: campaign.redeemed })} />
      <Form form={form} layout="vertical" onFinish={(values) => revoke.mutate(values.reason.trim())}>
        <Form.Item name="reason" label={t('campaigns.reason')} rules={[{ required: true, whitespace: true, message: t('campaigns.reasonRule') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
