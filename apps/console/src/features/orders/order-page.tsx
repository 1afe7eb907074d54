import { useState } from 'react';
import type { ConsoleRefund, PaymentNotification } from '@drama/contracts';
import { App, Button, Card, Descriptions, Flex, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadError } from '../../shared/ui/states';
import { askChannel, orderKeys, orderQueryOptions, yuan } from './api';
import { RefundModal } from './refund-modal';
import { ChannelTag, OrderStatusTag, RefundStatusTag } from './tags';

const KNOWN_FLAGS = new Set(['applied', 'duplicate', 'late', 'amount_mismatch', 'unknown_order', 'signature_invalid', 'ignored']);

/** `/orders/:id`: an order, what its channel said (as received), its refunds, asking the channel and refunding. */
export default function OrderPage() {
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const detail = useQuery(orderQueryOptions(id));
  const [refunding, setRefunding] = useState(false);
  const ask = useMutation({
    mutationFn: () => askChannel(id),
    onSuccess: (result) => {
      queryClient.setQueryData(orderKeys.order(id), result.detail);
      void queryClient.invalidateQueries({ queryKey: orderKeys.list });
      void message.info(
        result.outcome === null
          ? t('order.askedNothing')
          : t('order.asked', {
              outcome: t(`order.outcome.${result.outcome}`),
              flag: result.flag && KNOWN_FLAGS.has(result.flag) ? t(`order.flag.${result.flag as 'applied'}`) : (result.flag ?? '—'),
            }),
      );
    },
    onError: (error) => void message.error(errorText(error)),
  });

  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const { order, notifications, refunds, refundableFen, vipExpireTime } = detail.data;

  const notificationColumns: TableColumnsType<PaymentNotification> = [
    { title: t('orders.review.at'), dataIndex: 'createdAt', width: 160, render: (iso: string) => formatDateTime(iso, locale, true) },
    {
      title: t('orders.channel'),
      dataIndex: 'source',
      width: 170,
      render: (source: PaymentNotification['source'], item) => (
        <Flex vertical gap={2}>
          <span>{t(`order.notification.source.${source}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`orders.channel.${item.channel}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('order.notification.outcome'),
      dataIndex: 'outcome',
      width: 140,
      render: (outcome: PaymentNotification['outcome'], item) => (
        <Flex vertical gap={2}>
          <span>
            {outcome ? t(`order.outcome.${outcome}`) : '—'}
            {item.amountFen !== null && ` · ¥${yuan(item.amountFen)}`}
          </span>
          <Tag color={item.verified ? 'green' : 'red'} style={{ width: 'fit-content' }}>
            {t(item.verified ? 'order.notification.verified' : 'order.notification.unverified')}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('order.notification.flag'),
      dataIndex: 'flag',
      width: 190,
      render: (flag: string, item) => (
        <Flex vertical gap={2}>
          <span>{KNOWN_FLAGS.has(flag) ? t(`order.flag.${flag as 'applied'}`) : flag}</span>
          {item.detail && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.detail}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('order.notification.raw'),
      dataIndex: 'raw',
      render: (raw: string) => (
        <Typography.Text className="mono" style={{ fontSize: 12 }} ellipsis={{ tooltip: raw }}>
          {raw}
        </Typography.Text>
      ),
    },
  ];

  const refundColumns: TableColumnsType<ConsoleRefund> = [
    { title: t('orders.review.at'), dataIndex: 'createdAt', width: 150, render: (iso: string) => formatDateTime(iso, locale) },
    { title: t('order.refund.no'), dataIndex: 'refundNo', width: 260, render: (no: string) => <span className="mono">{no}</span> },
    { title: t('orders.amount'), dataIndex: 'amountFen', width: 100, align: 'right', render: (fen: number) => `¥${yuan(fen)}` },
    { title: t('orders.status'), dataIndex: 'status', width: 100, render: (status: ConsoleRefund['status']) => <RefundStatusTag status={status} /> },
    {
      title: t('order.refund.vip'),
      key: 'vip',
      width: 270,
      render: (_: unknown, refund) =>
        refund.vipDaysRemoved === null
          ? (refund.failureReason ?? '—')
          : t('order.refund.vipChange', {
              days: refund.vipDaysRemoved,
              before: refund.vipExpireBefore ? formatDateTime(refund.vipExpireBefore, locale) : '—',
              after: refund.vipExpireAfter ? formatDateTime(refund.vipExpireAfter, locale) : '—',
            }),
    },
    { title: t('order.refund.reason'), dataIndex: 'reason', render: (reason: string) => <Typography.Text ellipsis={{ tooltip: reason }}>{reason}</Typography.Text> },
  ];

  return (
    <>
      <PageHeader
        title={t('order.title', { orderNo: order.orderNo })}
        crumbs={[{ title: order.orderNo }]}
        extra={
          <Flex gap={8}>
            <Button onClick={() => ask.mutate()} loading={ask.isPending}>
              {t('order.askChannel')}
            </Button>
            <Button type="primary" danger disabled={refundableFen <= 0} onClick={() => setRefunding(true)}>
              {t('order.refund')}
            </Button>
          </Flex>
        }
      />
      <Card size="small" title={t('order.summary')} style={{ marginBottom: 12 }} extra={<Typography.Text type="secondary">{t('orders.timeZone', { zone: timeZoneName() })}</Typography.Text>}>
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('orders.status')}>
            <Flex gap={4} wrap>
              <OrderStatusTag order={order} />
              {order.reviewFlag && <Tag color="orange">{t(`orders.review.${order.reviewFlag}`)}</Tag>}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.member')}>
            <Link to={`/members/${order.userId}`}>{order.username ?? `#${order.userId}`}</Link> (ID {order.userId})
          </Descriptions.Item>
          <Descriptions.Item label={t('order.vipNow')}>{vipExpireTime ? formatDateTime(vipExpireTime, locale) : t('order.vipNone')}</Descriptions.Item>
          <Descriptions.Item label={t('orders.plan')}>
            {order.planName[locale]} · {order.days} {t('orders.days')}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.amount')}>¥{yuan(order.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.refunded')}>
            ¥{yuan(order.refundedFen)} · {t('order.refundable')} ¥{yuan(refundableFen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.channel')}>
            <ChannelTag order={order} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.tradeNo')} span={2}>
            <span className="mono">{order.channelTradeNo ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.created')}>{formatDateTime(order.createdAt, locale, true)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.paidAt')}>{order.paidAt ? formatDateTime(order.paidAt, locale, true) : '—'}</Descriptions.Item>
          <Descriptions.Item label={order.closedAt ? t('orders.closedAt') : t('orders.expiresAt')}>
            {formatDateTime(order.closedAt ?? order.expiresAt, locale, true)}
          </Descriptions.Item>
          {(order.failureCode || order.failureReason) && (
            <Descriptions.Item label={t('orders.failure')} span={3}>
              {[order.failureCode, order.failureReason].filter(Boolean).join(' · ')}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card size="small" title={t('order.refunds')} style={{ marginBottom: 12 }}>
        <Table<ConsoleRefund>
          size="small"
          rowKey="id"
          tableLayout="fixed"
          pagination={false}
          dataSource={refunds}
          columns={refundColumns}
          locale={{ emptyText: t('order.refunds.empty') }}
        />
      </Card>
      <Card size="small" title={t('order.notifications')}>
        <Table<PaymentNotification>
          size="small"
          rowKey="id"
          tableLayout="fixed"
          pagination={false}
          dataSource={notifications}
          columns={notificationColumns}
          locale={{ emptyText: t('order.notifications.empty') }}
          expandable={{
            expandedRowRender: (item) => (
              <pre className="mono" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>
                {item.raw}
                {item.headers ? `\n\n${JSON.stringify(item.headers, null, 2)}` : ''}
              </pre>
            ),
          }}
        />
      </Card>
      {refunding && <RefundModal detail={detail.data} open={refunding} onClose={() => setRefunding(false)} />}
    </>
  );
}
