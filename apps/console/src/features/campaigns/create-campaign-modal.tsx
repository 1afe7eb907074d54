import { CAMPAIGN_MAX_CODES, type ConsoleCampaignCreate, type RedeemCodeType } from '@drama/contracts';
import { App, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { campaignKeys, createCampaign } from './api';

interface CampaignForm {
  name: string;
  type: RedeemCodeType;
  value: number;
  count: number;
  expiresAt?: Dayjs | null;
}

/** A new campaign: its name, what each code gives, how many codes and until when; opens the campaign after. */
export function CreateCampaignModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CampaignForm>();
  const type = Form.useWatch('type', form) as RedeemCodeType | undefined;
  const create = useMutation({
    mutationFn: (values: CampaignForm) => {
      const body: ConsoleCampaignCreate = { name: values.name.trim(), type: values.type, value: values.value, count: values.count };
      if (values.expiresAt) body.expiresAt = values.expiresAt.endOf('day').format();
      return createCampaign(body);
    },
    onSuccess: (campaign) => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void message.success(t('campaigns.created', { count: campaign.count }));
      form.resetFields();
      onClose();
      void navigate(`/campaigns/${campaign.id}`);
    },
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Modal
      open={open}
      title={t('campaigns.create')}
      okText={t('campaigns.createSubmit')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CampaignForm> form={form} layout="vertical" initialValues={{ type: 'vip_days', value: 7, count: 100 }} onFinish={(values) => create.mutate(values)}>
        <Form.Item name="name" label={t('campaigns.name')} rules={[{ required: true, whitespace: true, max: 80, message: t('campaigns.nameRule') }]}>
          <Input maxLength={80} placeholder={t('campaigns.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="type" label={t('campaigns.type')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'vip_days', label: t('campaigns.type.vip_days') },
              { value: 'points', label: t('campaigns.type.points') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={type === 'points' ? t('campaigns.valuePoints') : t('campaigns.valueDays')}
          rules={[{ required: true, type: 'integer', min: 1, max: 1_000_000 }]}
        >
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="count" label={t('campaigns.count')} extra={t('campaigns.countHint', { max: CAMPAIGN_MAX_CODES })} rules={[{ required: true, type: 'integer', min: 1, max: CAMPAIGN_MAX_CODES }]}>
          <InputNumber min={1} max={CAMPAIGN_MAX_CODES} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('campaigns.expiresAt')} extra={t('campaigns.expiresHint')}>
          <DatePicker allowClear disabledDate={(day) => day.isBefore(dayjs(), 'day')} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
