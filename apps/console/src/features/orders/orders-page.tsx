import {
  CONSOLE_ORDER_STATUSES,
  consoleOrderListQuerySchema,
  consoleOrderReviewQuerySchema,
  ORDER_REVIEW_KINDS,
  PAYMENT_CHANNELS,
  PLAN_CODES,
  type ConsoleOrder,
  type ConsoleOrderStatus,
  type OrderReviewItem,
} from '@drama/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Select, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { FilterBar } from '../../shared/list/filter-bar';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { exportUrl, orderListQueryOptions, orderReviewQueryOptions, yuan } from './api';
import { ChannelTag, OrderStatusTag } from './tags';

interface FilterForm {
  q?: string;
  status?: ConsoleOrderStatus;
  channel?: ConsoleOrder['channel'];
  planCode?: ConsoleOrder['planCode'];
  period?: [Dayjs | null, Dayjs | null] | null;
  minYuan?: number | null;
  maxYuan?: number | null;
}

const DAY_MS = 86_400_000;

function AllOrders() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(consoleOrderListQuerySchema);
  const orders = useQuery(orderListQueryOptions(filters));

  const columns: TableColumnsType<ConsoleOrder> = [
    {
      title: t('orders.orderNo'),
      dataIndex: 'orderNo',
      width: 215,
      render: (orderNo: string, order) => (
        <Flex vertical gap={2}>
          <Link className="mono" to={`/orders/${order.id}`}>
            {orderNo}
          </Link>
          {order.reviewFlag && <Tag color="orange">{t(`orders.review.${order.reviewFlag}`)}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('orders.member'),
      dataIndex: 'userId',
      width: 140,
      render: (userId: number, order) => (
        <Flex vertical gap={2}>
          <Link to={`/members/${userId}`}>{order.username ?? `#${userId}`}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {userId}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('orders.plan'), dataIndex: 'planCode', width: 80, render: (code: ConsoleOrder['planCode']) => t(`orders.plan.${code}`) },
    { title: t('orders.channel'), dataIndex: 'channel', width: 140, render: (_: unknown, order) => <ChannelTag order={order} /> },
    {
      title: t('orders.amount'),
      dataIndex: 'amountFen',
      width: 100,
      align: 'right',
      render: (fen: number, order) => (
        <Flex vertical gap={2} align="end">
          <span>¥{yuan(fen)}</span>
          {order.refundedFen > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              −¥{yuan(order.refundedFen)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('orders.status'), dataIndex: 'status', width: 90, render: (_: unknown, order) => <OrderStatusTag order={order} /> },
    { title: t('orders.created'), dataIndex: 'createdAt', width: 135, render: (iso: string) => formatDateTime(iso, locale) },
    { title: t('orders.paidAt'), dataIndex: 'paidAt', width: 135, render: (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—') },
  ];

  const initial: FilterForm = {
    q: filters.q,
    status: filters.status,
    channel: filters.channel,
    planCode: filters.planCode,
    period: filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null,
    minYuan: filters.minFen === undefined ? null : filters.minFen / 100,
    maxYuan: filters.maxFen === undefined ? null : filters.maxFen / 100,
  };
  /** The chosen period, or the last 30 days; computed when clicked so the default period ends now. */
  const exportCsv = () => {
    const now = Date.now();
    window.location.assign(
      exportUrl({
        status: filters.status,
        channel: filters.channel,
        planCode: filters.planCode,
        minFen: filters.minFen,
        maxFen: filters.maxFen,
        q: filters.q,
        from: filters.from ?? dayjs(now - 30 * DAY_MS).startOf('day').format(),
        to: filters.to ?? dayjs(now).endOf('day').format(),
      }),
    );
  };

  return (
    <>
      <FilterBar<FilterForm>
        initial={initial}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) =>
          setFilters({
            q: values.q?.trim() || undefined,
            status: values.status,
            channel: values.channel,
            planCode: values.planCode,
            from: values.period?.[0]?.startOf('day').format() ?? undefined,
            to: values.period?.[1]?.endOf('day').format() ?? undefined,
            minFen: values.minYuan === null || values.minYuan === undefined ? undefined : Math.round(values.minYuan * 100),
            maxFen: values.maxYuan === null || values.maxYuan === undefined ? undefined : Math.round(values.maxYuan * 100),
          })
        }
      >
        <Form.Item name="q">
          <Input allowClear style={{ width: 250 }} placeholder={t('orders.search')} aria-label={t('orders.search')} />
        </Form.Item>
        <Form.Item name="status" label={t('orders.status')}>
          <Select allowClear style={{ width: 150 }} options={CONSOLE_ORDER_STATUSES.map((value) => ({ value, label: t(`orders.status.${value}`) }))} />
        </Form.Item>
        <Form.Item name="channel" label={t('orders.channel')}>
          <Select allowClear style={{ width: 120 }} options={PAYMENT_CHANNELS.map((value) => ({ value, label: t(`orders.channel.${value}`) }))} />
        </Form.Item>
        <Form.Item name="planCode" label={t('orders.plan')}>
          <Select allowClear style={{ width: 100 }} options={PLAN_CODES.map((value) => ({ value, label: t(`orders.plan.${value}`) }))} />
        </Form.Item>
        <Form.Item name="period" label={t('orders.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="minYuan" label={t('orders.amount')}>
          <InputNumber min={0} precision={2} style={{ width: 100 }} placeholder={t('orders.minYuan')} aria-label={t('orders.minYuan')} />
        </Form.Item>
        <Form.Item name="maxYuan">
          <InputNumber min={0} precision={2} style={{ width: 100 }} placeholder={t('orders.maxYuan')} aria-label={t('orders.maxYuan')} />
        </Form.Item>
      </FilterBar>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} wrap gap={8}>
        <Typography.Text type="secondary">{t('orders.timeZone', { zone: timeZoneName() })}</Typography.Text>
        <Tooltip title={t('orders.exportHint')}>
          <Button icon={<DownloadOutlined />} onClick={exportCsv}>
            {t('orders.export')}
          </Button>
        </Tooltip>
      </Flex>
      <QueryTable<ConsoleOrder>
        rowKey="id"
        tableLayout="fixed"
        scroll={{ x: 1000 }}
        query={orders}
        items={orders.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(orders.data, filters, (page, limit) => setFilters({ page, limit }))}
        onRow={(order) => ({ onDoubleClick: () => void navigate(`/orders/${order.id}`) })}
      />
    </>
  );
}

function ReviewQueue() {
  const { t, locale } = useI18n();
  const { filters, setFilters, filtered } = useUrlFilters(consoleOrderReviewQuerySchema);
  const queue = useQuery(orderReviewQueryOptions(filters));
  const columns: TableColumnsType<OrderReviewItem> = [
    { title: t('orders.review.kind'), dataIndex: 'kind', width: 150, render: (kind: OrderReviewItem['kind']) => <Tag color="orange">{t(`orders.review.${kind}`)}</Tag> },
    { title: t('orders.review.at'), dataIndex: 'at', width: 160, render: (iso: string) => formatDateTime(iso, locale, true) },
    {
      title: t('orders.review.subject'),
      key: 'subject',
      render: (_: unknown, item) =>
        item.order ? (
          <Flex gap={8} align="center" wrap>
            <Link className="mono" to={`/orders/${item.order.id}`}>
              {item.order.orderNo}
            </Link>
            <OrderStatusTag order={item.order} />
            <span>¥{yuan(item.order.amountFen)}</span>
          </Flex>
        ) : item.notification ? (
          <Flex vertical gap={2}>
            <span className="mono">{item.notification.orderNo ?? '—'}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: item.notification.raw }}>
              {t(`orders.channel.${item.notification.channel}`)} · {item.notification.amountFen === null ? '—' : `¥${yuan(item.notification.amountFen)}`} · {item.notification.detail ?? ''}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <Flex gap={8} style={{ marginBottom: 8 }} align="center">
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('orders.review.kind')}
          aria-label={t('orders.review.kind')}
          value={filters.kind}
          onChange={(kind) => setFilters({ kind })}
          options={ORDER_REVIEW_KINDS.map((value) => ({ value, label: t(`orders.review.${value}`) }))}
        />
        <Typography.Text type="secondary">{t('orders.timeZone', { zone: timeZoneName() })}</Typography.Text>
      </Flex>
      <QueryTable<OrderReviewItem>
        rowKey={(item) => `${item.kind}-${item.order?.id ?? ''}-${item.notification?.id ?? ''}`}
        query={queue}
        items={queue.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(queue.data, filters, (page, limit) => setFilters({ page, limit }))}
      />
    </>
  );
}

/** `/orders`: every order with filters and the export, and the review queue (`?tab=review`). */
export default function OrdersPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'review' ? 'review' : 'all';
  return (
    <>
      <PageHeader title={t('orders.title')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'review' ? { tab: 'review' } : {})}
        items={[
          { key: 'all', label: t('orders.tab.all'), children: tab === 'all' ? <AllOrders /> : null },
          { key: 'review', label: t('orders.tab.review'), children: tab === 'review' ? <ReviewQueue /> : null },
        ]}
      />
    </>
  );
}
