import type { ReconciliationDifference } from '@drama/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Popconfirm, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadError } from '../../shared/ui/states';
import { reconciliationDayQueryOptions, reconciliationKeys, runReconciliation, yuan } from './api';
import { ReconciliationStatusTag } from './status-tag';

/** `/reconciliation/:day`: each channel's totals against the server's, the differing lines, and running the day again. */
export default function ReconciliationDayPage() {
  const { day = '' } = useParams();
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const result = useQuery(reconciliationDayQueryOptions(day));
  const run = useMutation({
    mutationFn: () => runReconciliation(day),
    onSuccess: (detail) => {
      queryClient.setQueryData(reconciliationKeys.day(day), detail);
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.list });
      void message.success(t('reconciliation.ran'));
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const notRun = result.error instanceof ApiError && result.error.code === 'RECONCILIATION_NOT_FOUND';

  const columns: TableColumnsType<ReconciliationDifference> = [
    { title: t('reconciliation.channel'), dataIndex: 'channel', width: 90, render: (channel: ReconciliationDifference['channel']) => t(`reconciliation.channel.${channel}`) },
    { title: t('reconciliation.kind'), dataIndex: 'kind', width: 150, render: (kind: ReconciliationDifference['kind']) => <Tag color="warning">{t(`reconciliation.kind.${kind}`)}</Tag> },
    { title: t('reconciliation.lineType'), dataIndex: 'lineType', width: 80, render: (type: ReconciliationDifference['lineType']) => t(`reconciliation.lineType.${type}`) },
    {
      title: t('reconciliation.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string, line) => (
        <Flex vertical gap={0}>
          {line.orderId === null ? <Typography.Text copyable>{orderNo}</Typography.Text> : <Link to={`/orders/${line.orderId}`}>{orderNo}</Link>}
          {line.refundNo && <Typography.Text type="secondary">{line.refundNo}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('reconciliation.serverSide'), key: 'server', width: 150, render: (_: unknown, line) => (line.serverAmountFen === null ? '—' : `${yuan(line.serverAmountFen)} · ${line.serverStatus ?? ''}`) },
    { title: t('reconciliation.channelSide'), key: 'channelSide', width: 150, render: (_: unknown, line) => (line.channelAmountFen === null ? '—' : `${yuan(line.channelAmountFen)} · ${line.channelStatus ?? ''}`) },
    { title: t('reconciliation.channelAt'), dataIndex: 'channelAt', width: 150, render: (iso: string | null) => (iso ? formatDateTime(iso, locale, true) : '—') },
  ];

  const runButton = (
    <Popconfirm title={t('reconciliation.runConfirm', { day })} onConfirm={() => run.mutate()} okText={t('reconciliation.run')}>
      <Button type="primary" icon={<SyncOutlined />} loading={run.isPending}>
        {notRun ? t('reconciliation.run') : t('reconciliation.runAgain')}
      </Button>
    </Popconfirm>
  );

  let body;
  if (notRun) body = <Empty description={t('reconciliation.notRun')} />;
  else if (result.isError) body = <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  else if (!result.data) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else {
    const detail = result.data;
    body = (
      <Flex vertical gap={16}>
        <Flex gap={16} wrap>
          {detail.channels.map((channel) => (
            <Card key={channel.channel} size="small" style={{ minWidth: 300 }} data-testid={`reconciliation-${channel.channel}`}
              title={<Flex gap={8} align="center">{t(`reconciliation.channel.${channel.channel}`)}<ReconciliationStatusTag status={channel.status} /></Flex>}>
              {channel.error ? (
                <Typography.Text type="danger">{channel.error}</Typography.Text>
              ) : (
                <Flex gap={24}>
                  <Statistic title={t('reconciliation.serverSide')} value={yuan(channel.serverAmountFen)} suffix={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('reconciliation.lines', { count: channel.serverCount })}</Typography.Text>} />
                  <Statistic title={t('reconciliation.channelSide')} value={yuan(channel.channelAmountFen)} suffix={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('reconciliation.lines', { count: channel.channelCount })}</Typography.Text>} />
                </Flex>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('reconciliation.computedAt', { at: formatDateTime(channel.computedAt, locale, true) })}</Typography.Text>
            </Card>
          ))}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('reconciliation.dayIn', { day, zone: detail.timezone })}</Typography.Text>
        <Table<ReconciliationDifference>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={detail.differences}
          pagination={detail.differences.length > 50 ? { pageSize: 50 } : false}
          locale={{ emptyText: <Empty description={t('reconciliation.noDifferences')} /> }}
        />
      </Flex>
    );
  }

  return (
    <>
      <PageHeader title={t('reconciliation.dayTitle', { day })} extra={runButton} />
      {body}
    </>
  );
}
