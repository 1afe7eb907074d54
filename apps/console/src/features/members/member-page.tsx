import { useState } from 'react';
import type { Feedback, MemberAdjustment, MemberDetail, MemberHistoryItem, Order, PointsRecord } from '@drama/contracts';
import { Button, Card, Descriptions, Flex, Spin, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { mayUse } from '../../shared/session/access';
import { useMe } from '../../shared/session/me';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import { memberListQueryOptions, memberQueryOptions, yuan, type MemberActionName, type MemberList } from './api';
import { ActionModal, ChangeModal } from './change-modals';
import { MemberStatusTag, VipTag } from './tags';

const TABS = ['profile', 'vip', 'orders', 'points', 'history', 'feedback'] as const;
type TabKey = (typeof TABS)[number];
/** Finance reads a member's profile, VIP state and orders; the rest is support's. */
const FINANCE_TABS: readonly TabKey[] = ['profile', 'vip', 'orders'];

/** `/members/:id`: a member's profile, VIP, orders, points, history and feedback, and support's actions. */
export default function MemberPage() {
  const { id } = useParams();
  const memberId = Number(id);
  const { t, locale } = useI18n();
  const me = useMe();
  const member = useQuery(memberQueryOptions(memberId));
  const [params, setParams] = useSearchParams();
  const [change, setChange] = useState<'vip' | 'points' | null>(null);
  const [action, setAction] = useState<MemberActionName | null>(null);
  const support = mayUse(me.role, ['support']);

  if (member.isPending) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (member.isError) return <LoadError error={member.error} onRetry={() => void member.refetch()} />;
  const data = member.data;
  const name = data.nickname ?? data.username;
  const tabs = support ? TABS : FINANCE_TABS;
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && tabs.includes(requested) ? requested : 'profile';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = [20, 50, 100].includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 20;
  const setPage = (next: number, nextLimit: number) =>
    setParams({ tab, ...(next > 1 ? { page: String(next) } : {}), ...(nextLimit !== 20 ? { limit: String(nextLimit) } : {}) }, { replace: true });
  const list = { page: tab === requested ? page : 1, limit };

  const content: Record<TabKey, React.ReactNode> = {
    profile: <Profile member={data} />,
    vip: (
      <Flex vertical gap={12}>
        <Card size="small">
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('members.vip')}>
              <VipTag member={data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('members.vipLevel')}>{data.vipLevel}</Descriptions.Item>
            <Descriptions.Item label={t('members.vipExpires')}>{formatDateTime(data.vipExpireTime, locale) || '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
        {support && <MemberTable id={memberId} list="adjustments" page={list} onPage={setPage} extra={{ kind: 'vip_days' }} />}
      </Flex>
    ),
    orders: <MemberTable id={memberId} list="orders" page={list} onPage={setPage} />,
    points: <MemberTable id={memberId} list="points" page={list} onPage={setPage} />,
    history: <MemberTable id={memberId} list="history" page={list} onPage={setPage} />,
    feedback: <MemberTable id={memberId} list="feedback" page={list} onPage={setPage} />,
  };

  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ title: name }]}
        extra={
          support && (
            <>
              <Button type="primary" onClick={() => setChange('vip')}>
                {t('members.changeVip')}
              </Button>
              <Button onClick={() => setChange('points')}>{t('members.changePoints')}</Button>
              <Button onClick={() => setAction('sign-out')}>{t('members.signOut')}</Button>
              {data.status === 1 ? (
                <Button danger onClick={() => setAction('disable')}>
                  {t('members.disable')}
                </Button>
              ) : (
                <Button onClick={() => setAction('enable')}>{t('members.enable')}</Button>
              )}
            </>
          )
        }
      />
      <Flex gap={8} align="center" style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">ID {data.id}</Typography.Text>
        <MemberStatusTag status={data.status} />
        <VipTag member={data} />
        <Tag>{t('members.pointsBalance', { points: data.points })}</Tag>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        items={tabs.map((key) => ({ key, label: t(`members.tab.${key}`), children: content[key] }))}
      />
      {support && (
        <>
          <ChangeModal member={data} kind="vip" open={change === 'vip'} onClose={() => setChange(null)} />
          <ChangeModal member={data} kind="points" open={change === 'points'} onClose={() => setChange(null)} />
          <ActionModal member={data} action={action} onClose={() => setAction(null)} />
        </>
      )}
    </>
  );
}

function Profile({ member }: { member: MemberDetail }) {
  const { t, locale } = useI18n();
  return (
    <Card size="small">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="ID">{member.id}</Descriptions.Item>
        <Descriptions.Item label={t('members.username')}>{member.username}</Descriptions.Item>
        <Descriptions.Item label={t('members.nickname')}>{member.nickname ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('members.status')}>
          <MemberStatusTag status={member.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('members.email')}>
          {member.email ?? '—'} {member.contactsMasked && member.email && <Tag>{t('members.masked')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('members.phone')}>
          {member.phone ?? '—'} {member.contactsMasked && member.phone && <Tag>{t('members.masked')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('members.points')}>{member.points}</Descriptions.Item>
        <Descriptions.Item label={t('members.vip')}>
          <VipTag member={member} />
        </Descriptions.Item>
        <Descriptions.Item label={t('members.joined')}>{formatDateTime(member.createdAt, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('members.lastSignIn')}>{formatDateTime(member.lastSignInAt, locale) || t('common.never')}</Descriptions.Item>
        <Descriptions.Item label={t('members.lockedUntil')}>{formatDateTime(member.lockedUntil, locale) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('members.updated')}>{formatDateTime(member.updatedAt, locale)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function duration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useColumns() {
  const { t, locale } = useI18n();
  const time = (iso: string | null) => formatDateTime(iso, locale) || '—';
  const orders: TableColumnsType<Order> = [
    { title: t('members.orderNo'), dataIndex: 'orderNo', width: 220, render: (no: string) => <span className="mono">{no}</span> },
    { title: t('members.plan'), dataIndex: 'planName', width: 120 },
    { title: t('members.amount'), dataIndex: 'amountFen', width: 100, align: 'right', render: yuan },
    { title: t('members.channel'), dataIndex: 'channel', width: 90 },
    { title: t('members.status'), dataIndex: 'status', width: 100, render: (status: string) => <Tag color={status === 'success' ? 'green' : undefined}>{t(`members.order.${status as Order['status']}`)}</Tag> },
    { title: t('members.created'), dataIndex: 'createdAt', width: 150, render: time },
    { title: t('members.paid'), dataIndex: 'paidAt', width: 150, render: time },
  ];
  const points: TableColumnsType<PointsRecord> = [
    { title: t('members.time'), dataIndex: 'createdAt', width: 150, render: time },
    { title: t('members.type'), dataIndex: 'type', width: 130, render: (type: string) => <Tag>{type}</Tag> },
    { title: t('members.change'), dataIndex: 'amount', width: 90, align: 'right', render: signed },
    { title: t('members.balanceAfter'), dataIndex: 'balanceAfter', width: 100, align: 'right' },
    { title: t('members.note'), dataIndex: 'note', render: (note: string | null, row) => note ?? row.reference ?? '—' },
  ];
  const history: TableColumnsType<MemberHistoryItem> = [
    { title: t('members.drama'), dataIndex: 'dramaTitle' },
    { title: t('members.episode'), dataIndex: 'episodeSequence', width: 110, render: (sequence: number, row) => `${sequence} / ${row.episodeCount}` },
    { title: t('members.position'), dataIndex: 'progressSeconds', width: 100, render: duration },
    { title: t('members.watched'), dataIndex: 'watchedAt', width: 150, render: time },
  ];
  const feedback: TableColumnsType<Feedback> = [
    { title: t('members.time'), dataIndex: 'createdAt', width: 150, render: time },
    { title: t('members.type'), dataIndex: 'type', width: 110, render: (type: string) => <Tag>{type}</Tag> },
    { title: t('members.content'), dataIndex: 'content', render: (text: string) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>{text}</Typography.Paragraph> },
    { title: t('members.replies'), dataIndex: 'replies', width: 80, align: 'right', render: (replies: Feedback['replies']) => replies.length },
    { title: t('members.status'), dataIndex: 'status', width: 100, render: (status: string) => <Tag>{status}</Tag> },
  ];
  const adjustments: TableColumnsType<MemberAdjustment> = [
    { title: t('members.time'), dataIndex: 'createdAt', width: 150, render: time },
    { title: t('members.change'), dataIndex: 'amount', width: 110, align: 'right', render: (amount: number) => t('members.daysSigned', { days: signed(amount) }) },
    { title: t('members.reason'), dataIndex: 'reason' },
    { title: t('members.expiryBefore'), dataIndex: 'before', width: 150, render: time },
    { title: t('members.expiryAfter'), dataIndex: 'after', width: 150, render: time },
    { title: t('members.operator'), dataIndex: 'operatorUsername', width: 140 },
  ];
  return { orders, points, history, feedback, adjustments };
}

function MemberTable({
  id,
  list,
  page,
  onPage,
  extra,
}: {
  id: number;
  list: MemberList;
  page: { page: number; limit: number };
  onPage: (page: number, limit: number) => void;
  extra?: Record<string, string>;
}) {
  const query = useQuery(memberListQueryOptions(id, list, page, extra));
  const data = query.data as { page: number; limit: number; total: number; items: object[] } | undefined;
  const columns = useColumns()[list] as TableColumnsType<object>;
  return (
    <QueryTable<object>
      rowKey="id"
      tableLayout="fixed"
      scroll={{ x: 900 }}
      query={query}
      items={data?.items}
      columns={columns}
      paging={serverPaging(data, page, onPage)}
    />
  );
}
