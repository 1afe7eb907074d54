import { CODE_CHANNELS, type ConsoleOutboxMessage, consoleOutboxQuerySchema } from '@drama/contracts';
import { Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { FilterBar } from '../../shared/list/filter-bar';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { outboxQueryOptions } from '../settings';

interface FilterForm {
  q?: string | undefined;
  channel?: ConsoleOutboxMessage['channel'] | undefined;
}

/** The messages the outbox channel kept (sign-in and reset codes), newest first; filters live in the URL. */
export default function OutboxPage() {
  const { t, locale } = useI18n();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(consoleOutboxQuerySchema);
  const messages = useQuery(outboxQueryOptions(filters));

  const columns: TableColumnsType<ConsoleOutboxMessage> = [
    { title: t('outbox.createdAt'), dataIndex: 'createdAt', width: 150, render: (iso: string) => formatDateTime(iso, locale) },
    { title: t('outbox.channel'), dataIndex: 'channel', width: 80, render: (channel: ConsoleOutboxMessage['channel']) => <Tag>{t(`outbox.channel.${channel}`)}</Tag> },
    { title: t('outbox.target'), dataIndex: 'target', width: 220 },
    { title: t('outbox.subject'), dataIndex: 'subject', width: 200, ellipsis: true },
    { title: t('outbox.body'), dataIndex: 'body', render: (body: string) => <Typography.Text ellipsis={{ tooltip: body }}>{body}</Typography.Text> },
  ];

  const initial: FilterForm = { q: filters.q, channel: filters.channel };
  return (
    <>
      <PageHeader title={t('outbox.title')} />
      <FilterBar<FilterForm>
        initial={initial}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) => setFilters({ q: values.q?.trim() || undefined, channel: values.channel })}
      >
        <Form.Item name="q">
          <Input allowClear style={{ width: 240 }} placeholder={t('outbox.search')} aria-label={t('outbox.search')} />
        </Form.Item>
        <Form.Item name="channel" label={t('outbox.channel')}>
          <Select allowClear style={{ width: 120 }} options={CODE_CHANNELS.map((value) => ({ value, label: t(`outbox.channel.${value}`) }))} />
        </Form.Item>
      </FilterBar>
      <QueryTable<ConsoleOutboxMessage>
        rowKey="id"
        query={messages}
        items={messages.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(messages.data, filters, (page, limit) => setFilters({ page, limit }))}
      />
    </>
  );
}
