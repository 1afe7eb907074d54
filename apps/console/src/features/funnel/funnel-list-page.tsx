import { type DramaAnalyticsItem, dramaAnalyticsQuerySchema, type DramaAnalyticsSort } from '@drama/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { columnSortOrder } from '../../shared/list/sorting';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { inLocale } from '../catalogue';
import { formatCount, formatShare } from '../dashboard';
import { dramaAnalyticsQueryOptions } from './api';
import { DaysSwitch } from './days-switch';

/** Every drama's viewing figures over a period, sortable by each: where to look first. */
export default function FunnelListPage() {
  const { t, locale } = useI18n();
  const { filters, setFilters } = useUrlFilters(dramaAnalyticsQuerySchema);
  const list = useQuery(dramaAnalyticsQueryOptions(filters));
  const count = (value: number) => formatCount(value, locale);
  const sorted = (key: string) => ({ key, sorter: true, sortOrder: columnSortOrder(filters, key), align: 'right' as const });

  const columns: TableColumnsType<DramaAnalyticsItem> = [
    {
      title: t('analytics.drama'),
      key: 'title',
      render: (_: unknown, drama) => <Link to={`/funnel/${drama.dramaId}?days=${filters.days}`}>{inLocale(drama.title, locale)}</Link>,
    },
    { title: t('funnel.episodes'), key: 'episodes', align: 'right', render: (_: unknown, drama) => `${drama.freeEpisodeCount} / ${drama.episodeCount}` },
    { title: t('analytics.viewers'), dataIndex: 'viewers', ...sorted('viewers'), render: count },
    { title: t('analytics.plays'), dataIndex: 'plays', ...sorted('plays'), render: count },
    { title: t('analytics.watchMinutes'), dataIndex: 'watchMinutes', ...sorted('watchMinutes'), render: count },
    { title: t('funnel.averageCompletion'), dataIndex: 'averageCompletion', ...sorted('averageCompletion'), render: (value: number) => formatShare(value, locale) },
    { title: t('analytics.paywallHits'), dataIndex: 'paywallHits', ...sorted('paywallHits'), render: count },
    { title: t('funnel.paywallConversion'), dataIndex: 'paywallConversion', ...sorted('paywallConversion'), render: (value: number | null) => formatShare(value, locale) },
    { title: t('funnel.likes'), dataIndex: 'likes', ...sorted('likes'), render: count },
    { title: t('funnel.favorites'), dataIndex: 'favorites', ...sorted('favorites'), render: count },
  ];

  return (
    <>
      <PageHeader title={t('funnel.title')} extra={<DaysSwitch value={filters.days} onChange={(days) => setFilters({ days })} />} />
      <Flex vertical gap={4} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('funnel.hint')}</Typography.Text>
        {list.data && (
          <Typography.Text type="secondary">{t('analytics.rangeOnly', { from: list.data.range.from, to: list.data.range.to, zone: list.data.timeZone })}</Typography.Text>
        )}
      </Flex>
      <QueryTable<DramaAnalyticsItem>
        rowKey="dramaId"
        query={list}
        items={list.data?.items}
        columns={columns}
        paging={serverPaging(list.data, filters, (page, limit) => setFilters({ page, limit }))}
        onSortChange={(sorting) => setFilters({ sort: sorting.sort as DramaAnalyticsSort | undefined, order: sorting.order })}
      />
    </>
  );
}
