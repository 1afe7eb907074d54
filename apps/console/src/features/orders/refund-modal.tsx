import { useState } from 'react';
import type { ConsoleOrderDetail } from '@drama/contracts';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { newRefundNo, orderKeys, refundOrder, vipDaysRefunded, yuan } from './api';

interface RefundForm {
  amountYuan: number;
  reason: string;
  confirmed: boolean;
}

/**
 * A refund of (part of) an order: amount, reason and a confirmation. The refund number is made
 * when the dialog opens and kept across retries, so a retry or a double click refunds once.
 */
export function RefundModal({ detail, open, onClose }: { detail: ConsoleOrderDetail; open: boolean; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RefundForm>();
  const [refundNo, setRefundNo] = useState(newRefundNo);
  const { order, refundableFen } = detail;
  const amountYuan = Form.useWatch('amountYuan', form) as number | undefined;
  const amountFen = Math.round((amountYuan ?? 0) * 100);
  const daysRemoved =
    amountFen > 0 ? vipDaysRefunded(order.days, order.amountFen, order.refundedFen + amountFen) - vipDaysRefunded(order.days, order.amountFen, order.refundedFen) : 0;
  const close = () => {
    form.resetFields();
    setRefundNo(newRefundNo());
    onClose();
  };
  const refund = useMutation({
    mutationFn: (values: RefundForm) => refundOrder(order.id, { refundNo, amountFen: Math.round(values.amountYuan * 100), reason: values.reason.trim() }),
    onSuccess: (result) => {
      queryClient.setQueryData(orderKeys.order(order.id), result.detail);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (result.refund.status === 'succeeded') void message.success(t('refund.done', { amount: yuan(result.refund.amountFen) }));
      else void message.info(t('refund.processing'));
      close();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Modal
      open={open}
      title={t('refund.title', { orderNo: order.orderNo })}
      okText={t('refund.submit', { amount: yuan(amountFen) })}
      okButtonProps={{ danger: true, disabled: amountFen <= 0 || amountFen > refundableFen }}
      onOk={() => form.submit()}
      confirmLoading={refund.isPending}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Form<RefundForm>
        form={form}
        layout="vertical"
        initialValues={{ amountYuan: refundableFen / 100, confirmed: false }}
        onFinish={(values) => refund.mutate(values)}
      >
        <Form.Item
          label={t('refund.amount')}
          extra={t('refund.amountHint', { max: yuan(refundableFen), paid: yuan(order.amountFen), refunded: yuan(order.refundedFen) })}
        >
          <Space>
            <Form.Item name="amountYuan" noStyle rules={[{ required: true }]}>
              <InputNumber min={0.01} max={refundableFen / 100} precision={2} style={{ width: 160 }} aria-label={t('refund.amount')} />
            </Form.Item>
            <Button onClick={() => form.setFieldValue('amountYuan', refundableFen / 100)}>{t('refund.full')}</Button>
          </Space>
        </Form.Item>
        <Form.Item name="reason" label={t('refund.reason')} rules={[{ required: true, whitespace: true, message: t('refund.reason') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('refund.vipPreview', { days: daysRemoved })} description={t('refund.rule')} />
        <Form.Item
          name="confirmed"
          valuePropName="checked"
          rules={[{ validator: (_rule, value: boolean) => (value ? Promise.resolve() : Promise.reject(new Error(t('refund.confirm')))) }]}
        >
          <Checkbox>{t('refund.confirm')}</Checkbox>
        </Form.Item>
        <Typography.Text type="secondary" className="mono" style={{ fontSize: 12 }}>
          {t('refund.number', { refundNo })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
