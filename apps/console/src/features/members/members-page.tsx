import { memberSearchQuerySchema, type MemberSummary } from '@drama/contracts';
import { Flex, Form, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { FilterBar } from '../../shared/list/filter-bar';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { memberSearchQueryOptions } from './api';
import { MemberStatusTag, VipTag } from './tags';

/** `/members`: find a member by id, name, phone or e-mail. */
export default function MembersPage() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(memberSearchQuerySchema);
  const members = useQuery(memberSearchQueryOptions(filters));
  const masked = members.data?.items[0]?.contactsMasked ?? false;

  const columns: TableColumnsType<MemberSummary> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: t('members.name'),
      dataIndex: 'username',
      width: 200,
      render: (_: unknown, member) => (
        <Flex vertical gap={2}>
          <Link to={`/members/${member.id}`}>{member.nickname ?? member.username}</Link>
          {member.nickname && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {member.username}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('members.email'), dataIndex: 'email', width: 240, render: (email: string | null) => email ?? '—' },
    { title: t('members.phone'), dataIndex: 'phone', width: 140, render: (phone: string | null) => phone ?? '—' },
    { title: t('members.vip'), dataIndex: 'vipActive', width: 200, render: (_: unknown, member) => <VipTag member={member} /> },
    { title: t('members.points'), dataIndex: 'points', width: 90, align: 'right' },
    { title: t('members.status'), dataIndex: 'status', width: 90, render: (status: number) => <MemberStatusTag status={status} /> },
    { title: t('members.joined'), dataIndex: 'createdAt', width: 150, render: (iso: string) => formatDateTime(iso, locale) },
  ];

  return (
    <>
      <PageHeader title={t('members.title')} />
      <FilterBar<{ query?: string }>
        initial={{ query: filters.query }}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) => setFilters({ query: values.query?.trim() || undefined })}
      >
        <Form.Item name="query" label={t('common.search')}>
          <Input allowClear autoFocus style={{ width: 320 }} placeholder={t('members.searchHint')} aria-label={t('members.searchHint')} />
        </Form.Item>
      </FilterBar>
      <Flex gap={12} style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">{t('audit.timeZone', { zone: timeZoneName() })}</Typography.Text>
        {masked && <Tag>{t('members.maskedNote')}</Tag>}
      </Flex>
      <QueryTable<MemberSummary>
        rowKey="id"
        query={members}
        items={members.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(members.data, filters, (page, limit) => setFilters({ page, limit }))}
        onRow={(member) => ({ onDoubleClick: () => void navigate(`/members/${member.id}`) })}
      />
    </>
  );
}
