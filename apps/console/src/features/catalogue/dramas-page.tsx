import './content.css';
import { consoleDramaListQuerySchema, DRAMA_STATUSES, type ConsoleDrama, type ConsoleDramaListQuery } from '@drama/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { FilterBar } from '../../shared/list/filter-bar';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { categoriesQueryOptions, dramasQueryOptions, tagsQueryOptions } from './api';
import { inLocale } from './localized';
import { DramaStatusTag } from './status-tag';

interface FilterForm {
  q?: string;
  category?: number;
  tag?: number;
  status?: ConsoleDrama['status'];
}

/** Sortable columns and the list's sort names. */
const SORT_OF: Record<string, ConsoleDramaListQuery['sort']> = {
  id: 'id',
  title: 'title',
  status: 'publishedAt',
  episodeCount: 'episodes',
};

export default function DramasPage() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(consoleDramaListQuerySchema);
  const dramas = useQuery(dramasQueryOptions(filters));
  const categories = useQuery(categoriesQueryOptions);
  const tags = useQuery(tagsQueryOptions);

  const sortOrder = (column: string) =>
    SORT_OF[column] === filters.sort ? (filters.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableColumnsType<ConsoleDrama> = [
    { title: 'ID', dataIndex: 'id', width: 64, sorter: true, sortOrder: sortOrder('id') },
    {
      title: t('drama.cover'),
      dataIndex: 'coverUrl',
      width: 56,
      render: (url: string | null) =>
        url ? <img src={url} alt="" className="cover-thumb" /> : <div className="cover-thumb cover-thumb-empty" />,
    },
    {
      title: t('drama.title'),
      dataIndex: 'title',
      sorter: true,
      sortOrder: sortOrder('title'),
      render: (_: unknown, drama) => (
        <Flex vertical gap={2}>
          <Link to={`/dramas/${drama.id}`}>{inLocale(drama.title, locale)}</Link>
          <Typography.Text type="secondary" className="mono" style={{ fontSize: 12 }} ellipsis>
            {drama.slug}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('drama.category'),
      dataIndex: 'category',
      width: 120,
      render: (category: ConsoleDrama['category']) => (category ? inLocale(category.name, locale) : '—'),
    },
    {
      title: t('drama.tags'),
      dataIndex: 'tags',
      width: 180,
      render: (list: ConsoleDrama['tags']) => (
        <Flex gap={4} wrap>
          {list.map((tag) => (
            <Tag key={tag.id}>{inLocale(tag.name, locale)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('drama.statusLabel'),
      dataIndex: 'status',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('publishedAt'),
      render: (status: ConsoleDrama['status'], drama) => (
        <Flex vertical gap={2} align="start">
          <DramaStatusTag status={status} />
          {drama.publishedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(drama.publishedAt, locale)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('drama.episodes'),
      dataIndex: 'episodeCount',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('episodeCount'),
      render: (count: number, drama) => t('drama.episodesFree', { count, free: drama.freeEpisodeCount }),
    },
  ];

  const initial: FilterForm = { q: filters.q, category: filters.category, tag: filters.tag, status: filters.status };

  return (
    <>
      <PageHeader
        title={t('drama.listTitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/dramas/new')}>
            {t('drama.create')}
          </Button>
        }
      />
      <FilterBar<FilterForm>
        initial={initial}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) =>
          setFilters({ q: values.q?.trim() || undefined, category: values.category, tag: values.tag, status: values.status })
        }
      >
        <Form.Item name="q" label={t('common.search')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('drama.searchHint')} />
        </Form.Item>
        <Form.Item name="category" label={t('drama.category')}>
          <Select
            allowClear
            style={{ width: 140 }}
            loading={categories.isPending}
            options={categories.data?.items.map((category) => ({ value: category.id, label: inLocale(category.name, locale) }))}
          />
        </Form.Item>
        <Form.Item name="tag" label={t('drama.tag')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 140 }}
            loading={tags.isPending}
            options={tags.data?.items.map((tag) => ({ value: tag.id, label: inLocale(tag.name, locale) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('drama.statusLabel')}>
          <Select allowClear style={{ width: 120 }} options={DRAMA_STATUSES.map((status) => ({ value: status, label: t(`drama.status.${status}`) }))} />
        </Form.Item>
      </FilterBar>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('audit.timeZone', { zone: timeZoneName() })}
      </Typography.Paragraph>
      <QueryTable<ConsoleDrama>
        rowKey="id"
        // Fixed, at least 960 wide: the widths above hold and the title wraps in what is left,
        // however long; a narrower screen (a tablet) scrolls sideways.
        tableLayout="fixed"
        scroll={{ x: 960 }}
        query={dramas}
        items={dramas.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(dramas.data, filters, (page, limit) => setFilters({ page, limit }))}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof one?.field === 'string' ? SORT_OF[one.field] : undefined;
          if (!one?.order || !field) {
            setFilters({ sort: 'updatedAt', order: 'desc' });
            return;
          }
          setFilters({ sort: field, order: one.order === 'ascend' ? 'asc' : 'desc' });
        }}
        onRow={(drama) => ({ onDoubleClick: () => void navigate(`/dramas/${drama.id}`) })}
      />
    </>
  );
}
