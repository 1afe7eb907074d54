import { type Funnel, type FunnelEpisode, funnelQuerySchema } from '@drama/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Flex, Row, Segmented, Skeleton, Statistic, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Bar, CartesianGrid, Cell, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import { inLocale } from '../catalogue';
import { formatCount, formatShare } from '../dashboard';
import { funnelQueryOptions } from './api';
import { episodeBarColor, funnelPalette, viewersSeriesColor } from './chart-colors';
import { DaysSwitch } from './days-switch';

function EpisodesChart({ funnel }: { funnel: Funnel }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const data = funnel.episodes.map((episode) => ({
    ...episode,
    label: String(episode.sequence),
    dropOffShare: episode.dropOff === null ? null : Math.round(episode.dropOff * 1000) / 10,
  }));
  const paywall = funnel.paywall?.episodeId;
  const palette = funnelPalette(token);
  return (
    <div data-testid="funnel-chart">
      <ComposedChart data={data} responsive style={{ width: '100%', height: 300 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} />
        <YAxis yAxisId="viewers" allowDecimals={false} tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} width={48} />
        <YAxis yAxisId="share" orientation="right" domain={[0, 100]} unit="%" tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} width={44} />
        <Tooltip contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="viewers" dataKey="viewers" name={t('analytics.viewers')} fill={viewersSeriesColor(palette)} isAnimationActive={false}>
          {data.map((episode) => (
            <Cell key={episode.episodeId} fill={episodeBarColor(episode, paywall, palette)} />
          ))}
        </Bar>
        <Line yAxisId="share" type="monotone" dataKey="dropOffShare" name={`${t('funnel.dropOff')} (%)`} stroke={token.colorTextSecondary} dot={false} isAnimationActive={false} connectNulls />
      </ComposedChart>
    </div>
  );
}

export default function FunnelPage() {
  const { t, locale } = useI18n();
  const { id } = useParams();
  const dramaId = Number(id);
  const { filters, setFilters } = useUrlFilters(funnelQuerySchema);
  const funnel = useQuery(funnelQueryOptions(dramaId, filters.days));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const data = funnel.data;
  const title = data ? inLocale(data.drama.title, locale) : t('funnel.title');

  const columns = [
    {
      title: t('funnel.episode'),
      key: 'sequence',
      render: (_: unknown, episode: FunnelEpisode) => (
        <Flex gap={6} align="center">
          {t('funnel.episodeNumber', { sequence: episode.sequence })}
          {episode.isFree ? <Tag color="green">{t('funnel.free')}</Tag> : <Tag color="gold">{t('funnel.locked')}</Tag>}
        </Flex>
      ),
    },
    { title: t('analytics.viewers'), dataIndex: 'viewers', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
    { title: t('analytics.plays'), dataIndex: 'plays', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
    { title: t('funnel.dropOff'), dataIndex: 'dropOff', align: 'right' as const, render: (value: number | null) => formatShare(value, locale) },
    { title: t('funnel.averageCompletion'), dataIndex: 'averageCompletion', align: 'right' as const, render: (value: number) => formatShare(value, locale) },
    { title: t('analytics.completions'), dataIndex: 'completions', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
    { title: t('analytics.paywallHits'), dataIndex: 'paywallHits', align: 'right' as const, render: (value: number) => formatCount(value, locale) },
  ];

  return (
    <>
      <PageHeader title={title} crumbs={[{ title }]} extra={<DaysSwitch value={filters.days} onChange={(days) => setFilters({ days })} />} />
      {funnel.isError && !data ? (
        <LoadError error={funnel.error} onRetry={() => void funnel.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div data-testid="funnel">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('analytics.rangeOnly', { from: data.range.from, to: data.range.to, zone: data.timeZone })}
            {' · '}
            {data.computedAt ? t('analytics.computedAt', { time: formatDateTime(data.computedAt, locale) }) : t('analytics.notComputed')}
          </Typography.Text>
          <Row gutter={[12, 12]}>
            {(
              [
                [t('analytics.viewers'), formatCount(data.totals.viewers, locale), null],
                [t('analytics.plays'), formatCount(data.totals.plays, locale), null],
                [t('analytics.watchMinutes'), formatCount(data.totals.watchMinutes, locale), null],
                [t('funnel.averageCompletion'), formatShare(data.totals.averageCompletion, locale), null],
                [t('funnel.likes'), formatCount(data.totals.likes, locale), t('funnel.likeCount', { count: formatCount(data.totals.likeCount, locale) })],
                [t('funnel.favorites'), formatCount(data.totals.favorites, locale), t('funnel.favoriteCount', { count: formatCount(data.totals.favoriteCount, locale) })],
              ] as const
            ).map(([label, value, note]) => (
              <Col key={label} xs={12} md={8} xl={4}>
                <Card size="small" style={{ height: '100%' }}>
                  <Statistic title={label} value={value} />
                  {note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text>}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={17}>
              <Card
                size="small"
                title={t('funnel.viewersPerEpisode')}
                extra={
                  <Segmented<'chart' | 'table'>
                    size="small"
                    value={view}
                    onChange={setView}
                    options={[
                      { value: 'chart', label: t('analytics.chart') },
                      { value: 'table', label: t('analytics.table') },
                    ]}
                  />
                }
              >
                {data.episodes.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.empty')} />
                ) : view === 'chart' ? (
                  <EpisodesChart funnel={data} />
                ) : (
                  <Table<FunnelEpisode> size="small" rowKey="episodeId" pagination={false} scroll={{ y: 300 }} dataSource={data.episodes} columns={columns} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={7}>
              <div data-testid="paywall-card" style={{ height: '100%' }}>
              <Card size="small" title={data.paywall ? t('funnel.paywall', { sequence: data.paywall.sequence }) : t('funnel.paywallHits')} style={{ height: '100%' }}>
                {data.paywall ? (
                  <Descriptions
                    column={1}
                    size="small"
                    items={[
                      { key: 'hits', label: t('funnel.paywallHits'), children: formatCount(data.paywall.hits, locale) },
                      { key: 'members', label: t('funnel.paywallMembers'), children: formatCount(data.paywall.members, locale) },
                      { key: 'buyers', label: t('funnel.paywallBuyers'), children: formatCount(data.paywall.buyers, locale) },
                      { key: 'conversion', label: t('funnel.paywallConversion'), children: formatShare(data.paywall.conversion, locale) },
                    ]}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('funnel.noPaywall')}</Typography.Text>
                )}
              </Card>
              </div>
            </Col>
          </Row>
        </Flex>
        </div>
      )}
    </>
  );
}
