import { consoleMallItemListQuerySchema, type ConsoleMallItem } from '@drama/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Segmented, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable } from '../../shared/list/query-table';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { mallItemsQueryOptions, pointsKeys, updateMallItem } from './api';
import { MallItemDrawer } from './mall-item-drawer';

type Sale = 'all' | 'on' | 'off';

/** `/mall-items`: the points mall's items, on and off sale, in the members' order; add, edit, put on or take off sale. */
export default function MallItemsPage() {
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filters, setFilters, filtered } = useUrlFilters(consoleMallItemListQuerySchema);
  const items = useQuery(mallItemsQueryOptions(filters));
  const [editing, setEditing] = useState<{ item: ConsoleMallItem | null } | null>(null);
  const toggle = useMutation({
    mutationFn: (item: ConsoleMallItem) => updateMallItem(item.id, { onSale: !item.onSale }),
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.mall });
      void message.success(t(item.onSale ? 'points.mall.nowOnSale' : 'points.mall.nowOffSale', { name: item.name[locale] }));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const columns: TableColumnsType<ConsoleMallItem> = [
    { title: t('points.mall.order'), dataIndex: 'sortOrder', width: 64, align: 'right' },
    {
      title: t('points.mall.name'),
      key: 'name',
      render: (_: unknown, item) => (
        <Flex vertical gap={0}>
          <Typography.Link onClick={() => setEditing({ item })}>{item.name[locale]}</Typography.Link>
          {item.description[locale] && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200, fontSize: 12 }}>
              {item.description[locale]}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('points.mall.cost'), dataIndex: 'costPoints', width: 110, align: 'right', render: (value: number) => t('points.mall.costValue', { value }) },
    { title: t('points.mall.value'), dataIndex: 'value', width: 110, align: 'right', render: (value: number) => t('points.mall.valueDays', { value }) },
    {
      title: t('points.mall.stock'),
      dataIndex: 'stock',
      width: 90,
      align: 'right',
      render: (stock: number | null) =>
        stock === null ? <Typography.Text type="secondary">{t('points.mall.unlimited')}</Typography.Text> : stock === 0 ? <Tag color="red">{t('points.mall.soldOut')}</Tag> : stock,
    },
    { title: t('points.mall.exchanged'), dataIndex: 'exchanged', width: 90, align: 'right' },
    {
      title: t('points.mall.state'),
      key: 'onSale',
      width: 110,
      render: (_: unknown, item) => (
        <Switch
          size="small"
          checked={item.onSale}
          loading={toggle.isPending && toggle.variables.id === item.id}
          checkedChildren={t('points.mall.onSale')}
          unCheckedChildren={t('points.mall.offSale')}
          aria-label={t(item.onSale ? 'points.mall.takeOffSale' : 'points.mall.putOnSale', { name: item.name[locale] })}
          onChange={() => toggle.mutate(item)}
        />
      ),
    },
    { title: t('points.mall.updatedAt'), dataIndex: 'updatedAt', width: 130, render: (iso: string) => formatDateTime(iso, locale) },
    {
      title: t('points.mall.actions'),
      key: 'actions',
      width: 72,
      fixed: 'right',
      render: (_: unknown, item) => (
        <Button size="small" type="link" onClick={() => setEditing({ item })}>
          {t('points.mall.editAction')}
        </Button>
      ),
    },
  ];

  const sale: Sale = filters.sale ?? 'all';
  return (
    <>
      <PageHeader
        title={t('points.mall.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })}>
            {t('points.mall.create')}
          </Button>
        }
      />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Segmented<Sale>
          value={sale}
          onChange={(value) => setFilters({ sale: value === 'all' ? undefined : value })}
          options={(['all', 'on', 'off'] as const).map((value) => ({ value, label: t(`points.mall.sale.${value}`) }))}
        />
      </Card>
      <QueryTable<ConsoleMallItem>
        rowKey="id"
        query={items}
        items={items.data?.items}
        filtered={filtered}
        columns={columns}
      />
      <MallItemDrawer key={editing?.item?.id ?? 'new'} open={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
