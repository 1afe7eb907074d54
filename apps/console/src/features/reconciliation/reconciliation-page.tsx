import { type ReconciliationDay, reconciliationListQuerySchema, RECONCILIATION_STATUSES } from '@drama/contracts';
import { Flex, Form, Select, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { FilterBar } from '../../shared/list/filter-bar';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { reconciliationListQueryOptions, yuan } from './api';
import { ReconciliationStatusTag } from './status-tag';

/** `/reconciliation`: reconciled days, newest first, each channel's status and totals. */
export default function ReconciliationPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(reconciliationListQuerySchema);
  const days = useQuery(reconciliationListQueryOptions(filters));

  const columns: TableColumnsType<ReconciliationDay> = [
    { title: t('reconciliation.day'), dataIndex: 'day', width: 130, render: (day: string) => <Link to={`/reconciliation/${day}`}>{day}</Link> },
    { title: t('reconciliation.status'), dataIndex: 'status', width: 120, render: (status: ReconciliationDay['status']) => <ReconciliationStatusTag status={status} /> },
    {
      title: t('reconciliation.channels'),
      key: 'channels',
      render: (_: unknown, day) => (
        <Flex vertical gap={2}>
          {day.channels.map((channel) => (
            <Flex key={channel.channel} gap={8} align="center">
              <Typography.Text style={{ width: 80 }}>{t(`reconciliation.channel.${channel.channel}`)}</Typography.Text>
              <ReconciliationStatusTag status={channel.status} />
              <Typography.Text type="secondary">
                {t('reconciliation.totals', {
                  server: `${channel.serverCount} · ${yuan(channel.serverAmountFen)}`,
                  channel: `${channel.channelCount} · ${yuan(channel.channelAmountFen)}`,
                  differences: channel.differences,
                })}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('reconciliation.title')} />
      <FilterBar<{ status?: ReconciliationDay['status'] }>
        initial={{ status: filters.status }}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) => setFilters({ status: values.status })}
      >
        <Form.Item name="status" label={t('reconciliation.status')}>
          <Select allowClear style={{ width: 140 }} options={RECONCILIATION_STATUSES.map((value) => ({ value, label: t(`reconciliation.status.${value}`) }))} />
        </Form.Item>
      </FilterBar>
      <QueryTable<ReconciliationDay>
        rowKey="day"
        query={days}
        items={days.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(days.data, filters, (page, limit) => setFilters({ page, limit }))}
        onRow={(day) => ({ onDoubleClick: () => void navigate(`/reconciliation/${day.day}`) })}
      />
      {days.data && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('reconciliation.daysIn', { zone: days.data.timezone })}
        </Typography.Text>
      )}
    </>
  );
}
