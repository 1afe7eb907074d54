import { ANALYTICS_PERIODS, type AnalyticsPeriod, type Dashboard, type DashboardFigures, type RevenueSlice, type TopDrama } from '@drama/contracts';
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import type { MessageKey } from '../../shared/i18n/translate';
import { useMe } from '../../shared/session/me';
import { mayUse } from '../../shared/session/access';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import { inLocale } from '../catalogue';
import { dashboardQueryOptions, recompute } from './api';
import { change, formatCount, formatShare, formatYuan } from './figures';

type FigureKey = keyof DashboardFigures;
const COUNTS: ReadonlyArray<[FigureKey, MessageKey]> = [
  ['activeViewers', 'analytics.activeViewers'],
  ['plays', 'analytics.plays'],
  ['watchMinutes', 'analytics.watchMinutes'],
  ['newMembers', 'analytics.newMembers'],
  ['activeVip', 'analytics.activeVip'],
  ['paywallHits', 'analytics.paywallHits'],
  ['completions', 'analytics.completions'],
  ['checkIns', 'analytics.checkIns'],
];

function isPeriod(value: string | null): value is AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '');
}

/** A figure beside the period before: the change as an arrow and a share. */
function Figure({
  title,
  value,
  previous,
  format,
  hint,
  higherIsWorse = false,
}: {
  title: string;
  value: number | null;
  previous: number | null;
  format: (value: number) => string;
  hint?: string;
  /** Refunds: a rise is shown in the colour of a fall. */
  higherIsWorse?: boolean;
}) {
  const { t, locale } = useI18n();
  const { token } = theme.useToken();
  const delta = value === null || previous === null ? null : change(value, previous);
  const better = delta !== null && (higherIsWorse ? delta < 0 : delta > 0);
  const color = delta === null || delta === 0 ? token.colorTextSecondary : better ? token.colorSuccess : token.colorError;
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={<span title={hint}>{title}</span>} value={value === null ? '—' : format(value)} />
      <Flex gap={8} align="center" style={{ fontSize: 12, color }}>
        {delta !== null && delta > 0 && <ArrowUpOutlined />}
        {delta !== null && delta < 0 && <ArrowDownOutlined />}
        <span>{delta === null ? '—' : delta === 0 ? t('analytics.noChange') : formatShare(Math.abs(delta), locale)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('analytics.previous', { value: previous === null ? '—' : format(previous) })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** Revenue less the period's refunds; null where money is not shown. */
function net(figures: { revenueFen: number | null; refundsFen: number | null }): number | null {
  return figures.revenueFen === null || figures.refundsFen === null ? null : figures.revenueFen - figures.refundsFen;
}

/** A chart that can be read as a table too. */
function ChartCard({ title, chart, table, extra }: { title: string; chart: React.ReactNode; table: React.ReactNode; extra?: React.ReactNode }) {
  const { t } = useI18n();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Flex gap={8} align="center">
          {extra}
          <Segmented<'chart' | 'table'>
            size="small"
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('analytics.chart') },
              { value: 'table', label: t('analytics.table') },
            ]}
          />
        </Flex>
      }
      style={{ height: '100%' }}
    >
      {view === 'chart' ? chart : table}
    </Card>
  );
}

function TrendChart({ dashboard }: { dashboard: Dashboard }) {
  const { t, locale } = useI18n();
  const { token } = theme.useToken();
  const data = dashboard.series.map((point) => ({ ...point, label: point.day.slice(5) }));
  return (
    <ChartCard
      title={t('analytics.trend')}
      chart={
        <div data-testid="trend-chart">
          <LineChart data={data} responsive style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} />
            <YAxis tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} allowDecimals={false} width={48} />
            <Tooltip contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line type="monotone" dataKey="activeViewers" name={t('analytics.activeViewers')} stroke={token.colorPrimary} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="plays" name={t('analytics.plays')} stroke={token.colorInfo} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="watchMinutes" name={t('analytics.watchMinutes')} stroke={token.colorWarning} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </div>
      }
      table={
        <Table
          size="small"
          rowKey="day"
          pagination={false}
          scroll={{ y: 260 }}
          dataSource={[...dashboard.series].reverse()}
          columns={[
            { title: t('analytics.day'), dataIndex: 'day' },
            { title: t('analytics.activeViewers'), dataIndex: 'activeViewers', align: 'right', render: (value: number) => formatCount(value, locale) },
            { title: t('analytics.plays'), dataIndex: 'plays', align: 'right', render: (value: number) => formatCount(value, locale) },
            { title: t('analytics.watchMinutes'), dataIndex: 'watchMinutes', align: 'right', render: (value: number) => formatCount(value, locale) },
            { title: t('analytics.newMembers'), dataIndex: 'newMembers', align: 'right', render: (value: number) => formatCount(value, locale) },
            ...(dashboard.money ? [{ title: t('analytics.revenue'), dataIndex: 'revenueFen', align: 'right' as const, render: (value: number | null) => (value === null ? '—' : formatYuan(value, locale)) }] : []),
          ]}
        />
      }
    />
  );
}

function RevenueCard({ title, slices, label }: { title: string; slices: RevenueSlice[]; label: (slice: RevenueSlice) => string }) {
  const { t, locale } = useI18n();
  const { token } = theme.useToken();
  const data = slices.map((slice) => ({ name: label(slice), yuan: slice.revenueFen / 100, orders: slice.paidOrders, key: slice.key }));
  return (
    <ChartCard
      title={title}
      chart={
        data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.empty')} />
        ) : (
          <BarChart data={data} layout="vertical" responsive style={{ width: '100%', height: Math.max(120, data.length * 44) }} margin={{ left: 8, right: 24 }}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} />
            <YAxis type="category" dataKey="name" width={96} tick={{ fill: token.colorText, fontSize: 12 }} stroke={token.colorBorder} />
            <Tooltip
              formatter={(value) => formatYuan(Number(value) * 100, locale)}
              contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
            />
            <Bar dataKey="yuan" name={t('analytics.revenue')} fill={token.colorPrimary} isAnimationActive={false} barSize={20} />
          </BarChart>
        )
      }
      table={
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={data}
          columns={[
            { title: title, dataIndex: 'name' },
            { title: t('analytics.revenue'), dataIndex: 'yuan', align: 'right', render: (value: number) => formatYuan(value * 100, locale) },
            { title: t('analytics.paidOrders'), dataIndex: 'orders', align: 'right' },
          ]}
        />
      }
    />
  );
}

export default function DashboardPage() {
  const { t, locale } = useI18n();
  const me = useMe();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('period');
  const period: AnalyticsPeriod = isPeriod(requested) ? requested : '7d';
  const dashboard = useQuery(dashboardQueryOptions(period));
  const { errorText } = useI18n();
  const recomputing = useMutation({
    mutationFn: recompute,
    onSuccess: async (result) => {
      void message.success(t('analytics.recomputed', { count: result.days.length }));
      await queryClient.invalidateQueries({ queryKey: ['console', 'analytics'] });
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const data = dashboard.data;
  const mayFunnel = mayUse(me.role, ['content']);

  const topColumns = [
    {
      title: t('analytics.drama'),
      key: 'title',
      render: (_: unknown, drama: TopDrama) =>
        mayFunnel ? <Link to={`/funnel/${drama.dramaId}`}>{inLocale(drama.title, locale)}</Link> : inLocale(drama.title, locale),
    },
    { title: t('analytics.plays'), dataIndex: 'plays', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
    { title: t('analytics.viewers'), dataIndex: 'viewers', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
    { title: t('analytics.watchMinutes'), dataIndex: 'watchMinutes', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        extra={
          <Flex gap={8} align="center">
            <Segmented<AnalyticsPeriod>
              value={period}
              onChange={(next) => setSearchParams(next === '7d' ? {} : { period: next }, { replace: true })}
              options={ANALYTICS_PERIODS.map((value) => ({ value, label: t(`analytics.period.${value}`) }))}
            />
            {me.role === 'owner' && (
              <Button icon={<ReloadOutlined />} loading={recomputing.isPending} onClick={() => recomputing.mutate()}>
                {t('analytics.recompute')}
              </Button>
            )}
          </Flex>
        }
      />
      {dashboard.isError && !data ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div data-testid="dashboard">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('analytics.range', { from: data.current.from, to: data.current.to, zone: data.timeZone, previousFrom: data.previous.from, previousTo: data.previous.to })}
            {' · '}
            {data.computedAt ? t('analytics.computedAt', { time: formatDateTime(data.computedAt, locale) }) : t('analytics.notComputed')}
          </Typography.Text>
          <Row gutter={[12, 12]}>
            {COUNTS.map(([key, label]) => (
              <Col key={key} xs={12} md={8} xl={6} xxl={3}>
                <Figure title={t(label)} value={data.figures[key]} previous={data.previousFigures[key]} format={(value) => formatCount(value, locale)} />
              </Col>
            ))}
          </Row>
          {data.money ? (
            <Row gutter={[12, 12]}>
              <Col xs={12} md={8} xl={4}>
                <Figure
                  title={t('analytics.revenue')}
                  hint={t('analytics.revenueHint')}
                  value={data.figures.revenueFen}
                  previous={data.previousFigures.revenueFen}
                  format={(value) => formatYuan(value, locale)}
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure
                  title={t('analytics.refunds')}
                  hint={t('analytics.refundsHint')}
                  value={data.figures.refundsFen}
                  previous={data.previousFigures.refundsFen}
                  format={(value) => formatYuan(value, locale)}
                  higherIsWorse
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure
                  title={t('analytics.netRevenue')}
                  value={net(data.figures)}
                  previous={net(data.previousFigures)}
                  format={(value) => formatYuan(value, locale)}
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure title={t('analytics.paidOrders')} value={data.figures.paidOrders} previous={data.previousFigures.paidOrders} format={(value) => formatCount(value, locale)} />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure title={t('analytics.payingMembers')} value={data.figures.payingMembers} previous={data.previousFigures.payingMembers} format={(value) => formatCount(value, locale)} />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure
                  title={t('analytics.conversion')}
                  hint={t('analytics.conversionHint')}
                  value={data.figures.conversion}
                  previous={data.previousFigures.conversion}
                  format={(value) => formatShare(value, locale)}
                />
              </Col>
            </Row>
          ) : (
            <Typography.Text type="secondary">{t('analytics.noMoney')}</Typography.Text>
          )}
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={data.money ? 14 : 16}>
              <TrendChart dashboard={data} />
            </Col>
            <Col xs={24} xl={data.money ? 10 : 8}>
              <Card size="small" title={t('analytics.topDramas')} style={{ height: '100%' }}>
                <Table<TopDrama>
                  size="small"
                  rowKey="dramaId"
                  pagination={false}
                  dataSource={data.topDramas}
                  columns={topColumns}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.empty')} /> }}
                />
              </Card>
            </Col>
          </Row>
          {data.money && data.revenueByChannel && data.revenueByPlan && (
            <Row gutter={[12, 12]}>
              <Col xs={24} lg={12}>
                <RevenueCard
                  title={t('analytics.revenueByChannel')}
                  slices={data.revenueByChannel}
                  label={(slice) => (slice.key === 'alipay' || slice.key === 'wechat' ? t(`analytics.channel.${slice.key}`) : slice.key)}
                />
              </Col>
              <Col xs={24} lg={12}>
                <RevenueCard title={t('analytics.revenueByPlan')} slices={data.revenueByPlan} label={(slice) => (slice.label ? inLocale(slice.label, locale) : slice.key)} />
              </Col>
            </Row>
          )}
        </Flex>
        </div>
      )}
    </>
  );
}
