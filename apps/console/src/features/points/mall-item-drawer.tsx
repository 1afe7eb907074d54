import {
  LOCALES,
  MALL_ITEM_DESCRIPTION_MAX,
  MALL_ITEM_MAX_DAYS,
  MALL_ITEM_NAME_MAX,
  POINTS_MAX,
  type ConsoleMallItem,
  type ConsoleMallItemCreate,
  type LocalizedText,
} from '@drama/contracts';
import { App, Button, Checkbox, Divider, Drawer, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { createMallItem, pointsKeys, updateMallItem } from './api';

interface ItemForm {
  name: LocalizedText;
  description: LocalizedText;
  costPoints: number;
  value: number;
  limited: boolean;
  stock?: number | null;
  onSale: boolean;
  sortOrder: number;
}

const BLANK: ItemForm = {
  name: { 'zh-CN': '', 'zh-Hant': '', 'en-US': '' },
  description: { 'zh-CN': '', 'zh-Hant': '', 'en-US': '' },
  costPoints: 100,
  value: 7,
  limited: false,
  stock: null,
  onSale: false,
  sortOrder: 0,
};

function formOf(item: ConsoleMallItem): ItemForm {
  return {
    name: item.name,
    description: item.description,
    costPoints: item.costPoints,
    value: item.value,
    limited: item.stock !== null,
    stock: item.stock,
    onSale: item.onSale,
    sortOrder: item.sortOrder,
  };
}

function bodyOf(values: ItemForm): ConsoleMallItemCreate {
  const trim = (text: LocalizedText): LocalizedText => ({ 'zh-CN': text['zh-CN'].trim(), 'zh-Hant': text['zh-Hant'].trim(), 'en-US': text['en-US'].trim() });
  return {
    name: trim(values.name),
    description: trim({ 'zh-CN': values.description['zh-CN'] ?? '', 'zh-Hant': values.description['zh-Hant'] ?? '', 'en-US': values.description['en-US'] ?? '' }),
    costPoints: values.costPoints,
    value: values.value,
    stock: values.limited ? (values.stock ?? 0) : null,
    onSale: values.onSale,
    sortOrder: values.sortOrder ?? 0,
  };
}

/** A new item (`item` null) or an item to edit: its texts in the three languages, price, days, stock, sale and order. */
export function MallItemDrawer({ open, item, onClose }: { open: boolean; item: ConsoleMallItem | null; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ItemForm>();
  const limited = Form.useWatch('limited', form) as boolean | undefined;
  const save = useMutation({
    mutationFn: (values: ItemForm) => (item ? updateMallItem(item.id, bodyOf(values)) : createMallItem(bodyOf(values))),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.mall });
      void message.success(item ? t('points.mall.saved') : t('points.mall.created'));
      onClose();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const numberRule = (min: number, max: number) => ({ required: true, type: 'integer' as const, min, max, message: t('points.mall.numberRule', { min, max }) });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title={item ? t('points.mall.edit') : t('points.mall.create')}
      destroyOnHidden
      data-testid="mall-item-drawer"
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('points.mall.save')}
        </Button>
      }
    >
      <Form<ItemForm> form={form} layout="vertical" size="small" initialValues={item ? formOf(item) : BLANK} onFinish={(values) => save.mutate(values)}>
        <Typography.Text strong>{t('points.mall.texts')}</Typography.Text>
        {LOCALES.map((locale) => (
          <div key={locale} style={{ marginTop: 8 }}>
            <Divider titlePlacement="start" plain style={{ margin: '4px 0 8px' }}>
              {t(`points.mall.lang.${locale}`)}
            </Divider>
            <Form.Item
              name={['name', locale]}
              label={`${t('points.mall.name')} · ${t(`points.mall.lang.${locale}`)}`}
              rules={[{ required: true, whitespace: true, max: MALL_ITEM_NAME_MAX, message: t('points.mall.nameRule', { max: MALL_ITEM_NAME_MAX }) }]}
            >
              <Input maxLength={MALL_ITEM_NAME_MAX} lang={locale} />
            </Form.Item>
            <Form.Item
              name={['description', locale]}
              label={`${t('points.mall.description')} · ${t(`points.mall.lang.${locale}`)}`}
              rules={[{ max: MALL_ITEM_DESCRIPTION_MAX, message: t('points.mall.descriptionRule', { max: MALL_ITEM_DESCRIPTION_MAX }) }]}
            >
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={MALL_ITEM_DESCRIPTION_MAX} lang={locale} />
            </Form.Item>
          </div>
        ))}
        <Divider style={{ margin: '8px 0 12px' }} />
        <Flex gap={16} wrap>
          <Form.Item name="costPoints" label={t('points.mall.cost')} rules={[numberRule(1, POINTS_MAX)]}>
            <InputNumber min={1} max={POINTS_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="value" label={t('points.mall.days')} rules={[numberRule(1, MALL_ITEM_MAX_DAYS)]}>
            <InputNumber min={1} max={MALL_ITEM_MAX_DAYS} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('points.mall.order')} tooltip={t('points.mall.orderHint')} rules={[numberRule(-10_000, 10_000)]}>
            <InputNumber min={-10_000} max={10_000} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} align="flex-start" wrap>
          <Form.Item name="limited" valuePropName="checked" label={t('points.mall.stock')}>
            <Checkbox>{t('points.mall.limitStock')}</Checkbox>
          </Form.Item>
          {limited ? (
            <Form.Item name="stock" label={t('points.mall.stock')} extra={t('points.mall.stockHint')} rules={[numberRule(0, POINTS_MAX)]}>
              <InputNumber min={0} max={POINTS_MAX} precision={0} style={{ width: 140 }} />
            </Form.Item>
          ) : (
            <Form.Item label=" ">
              <Typography.Text type="secondary">{t('points.mall.unlimited')}</Typography.Text>
            </Form.Item>
          )}
        </Flex>
        <Form.Item name="onSale" valuePropName="checked" label={t('points.mall.state')} extra={t('points.mall.onSaleHint')}>
          <Switch checkedChildren={t('points.mall.onSale')} unCheckedChildren={t('points.mall.offSale')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
