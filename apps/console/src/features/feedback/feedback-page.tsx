import { consoleFeedbackListQuerySchema, FEEDBACK_STATUSES, FEEDBACK_TYPES, type ConsoleFeedback, type FeedbackAssigneeFilter } from '@drama/contracts';
import { PictureOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Select, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { feedbackAssigneesQueryOptions, feedbackListQueryOptions } from './api';
import { FeedbackDrawer } from './feedback-drawer';
import { FeedbackStatusTag } from './status-tag';

/** The open item's id lives in the address too (`?item=12`), so an item can be shared. */
const ITEM_PARAM = 'item';

export default function FeedbackPage() {
  const { t, locale } = useI18n();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(consoleFeedbackListQuerySchema);
  const list = useQuery(feedbackListQueryOptions(filters));
  const assignees = useQuery(feedbackAssigneesQueryOptions);
  const [params, setParams] = useSearchParams();
  const open = Number(params.get(ITEM_PARAM));
  const openId = Number.isInteger(open) && open > 0 ? open : null;
  const show = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(ITEM_PARAM);
      else next.set(ITEM_PARAM, String(id));
      return next;
    });

  const columns: TableColumnsType<ConsoleFeedback> = [
    {
      title: t('feedback.id'),
      dataIndex: 'id',
      width: 64,
      // The row opens the item too; the link is there for the keyboard.
      render: (id: number) => (
        <Typography.Link className="mono" onClick={() => show(id)}>
          #{id}
        </Typography.Link>
      ),
    },
    { title: t('feedback.status'), dataIndex: 'status', width: 88, render: (status: ConsoleFeedback['status']) => <FeedbackStatusTag status={status} /> },
    { title: t('feedback.type'), dataIndex: 'type', width: 96, render: (type: ConsoleFeedback['type']) => t(`feedback.type.${type}`) },
    {
      title: t('feedback.member'),
      key: 'member',
      width: 150,
      render: (_: unknown, item) => (
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: 140 }}>
            {item.member.nickname ?? item.member.username}
          </Typography.Text>
          <Typography.Text type="secondary" className="mono" style={{ fontSize: 12 }}>
            #{item.member.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('feedback.content'),
      dataIndex: 'content',
      render: (content: string, item) => (
        <Flex gap={6} align="start" justify="space-between">
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
            {content}
          </Typography.Paragraph>
          {item.screenshots.length > 0 && (
            <Typography.Text type="secondary" title={t('feedback.screenshots')} style={{ whiteSpace: 'nowrap' }}>
              <PictureOutlined /> {item.screenshots.length}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('feedback.assignee'),
      key: 'assignee',
      width: 120,
      render: (_: unknown, item) =>
        item.assignee ? <Typography.Text ellipsis style={{ maxWidth: 110 }}>{item.assignee.username}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: t('feedback.sent'), dataIndex: 'createdAt', width: 140, render: (at: string) => formatDateTime(at, locale) },
  ];

  const assigneeOptions: Array<{ value: string; label: string }> = [
    { value: 'me', label: t('feedback.assignee.me') },
    { value: 'none', label: t('feedback.assignee.none') },
    ...(assignees.data?.items ?? []).map((operator) => ({ value: String(operator.id), label: operator.username })),
  ];

  return (
    <>
      <PageHeader title={t('feedback.title')} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('feedback.status')}>
            <Select
              allowClear
              aria-label={t('feedback.status')}
              data-testid="feedback-filter-status"
              style={{ width: 130 }}
              value={filters.status}
              options={FEEDBACK_STATUSES.map((status) => ({ value: status, label: t(`feedback.status.${status}`) }))}
              onChange={(status) => setFilters({ status })}
            />
          </Form.Item>
          <Form.Item label={t('feedback.type')}>
            <Select
              allowClear
              aria-label={t('feedback.type')}
              style={{ width: 130 }}
              value={filters.type}
              options={FEEDBACK_TYPES.map((type) => ({ value: type, label: t(`feedback.type.${type}`) }))}
              onChange={(type) => setFilters({ type })}
            />
          </Form.Item>
          <Form.Item label={t('feedback.assignee')}>
            <Select
              allowClear
              aria-label={t('feedback.assignee')}
              style={{ width: 150 }}
              value={filters.assignee === undefined ? undefined : String(filters.assignee)}
              options={assigneeOptions}
              onChange={(value: string | undefined) =>
                setFilters({ assignee: value === undefined ? undefined : value === 'me' || value === 'none' ? value : (Number(value) as FeedbackAssigneeFilter) })
              }
            />
          </Form.Item>
          <Form.Item label={t('feedback.order')}>
            <Select
              aria-label={t('feedback.order')}
              style={{ width: 130 }}
              value={filters.order}
              options={(['desc', 'asc'] as const).map((order) => ({ value: order, label: t(`feedback.order.${order}`) }))}
              onChange={(order) => setFilters({ order })}
            />
          </Form.Item>
          <Button onClick={resetFilters} disabled={!filtered}>
            {t('common.reset')}
          </Button>
        </Form>
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('feedback.timeZone', { zone: timeZoneName() })}
      </Typography.Paragraph>
      <QueryTable<ConsoleFeedback>
        rowKey="id"
        query={list}
        items={list.data?.items}
        filtered={filtered}
        columns={columns}
        data-testid="feedback-table"
        // Fixed columns with the message taking what is left: the list fits 1280 wide.
        tableLayout="fixed"
        scroll={{ x: 880 }}
        onRow={(item) => ({ onClick: () => show(item.id), style: { cursor: 'pointer' }, 'data-id': item.id }) as React.HTMLAttributes<HTMLElement>}
        paging={serverPaging(list.data, filters, (page, limit) => setFilters({ page, limit }))}
      />
      <FeedbackDrawer id={openId} onClose={() => show(null)} />
    </>
  );
}
