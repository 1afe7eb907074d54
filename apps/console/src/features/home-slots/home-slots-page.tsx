import { useState } from 'react';
import { FEATURED_SLOT_LIMIT, type ConsoleDrama } from '@drama/contracts';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Select, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import { catalogueKeys, DragHandle, DramaStatusTag, dramasQueryOptions, featuredQueryOptions, inLocale, orderChanged, saveFeatured, SortableTable } from '../catalogue';

/** The home page's featured carousel: which dramas, in which order (dragged), saved at once. */
export default function HomeSlotsPage() {
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const featured = useQuery(featuredQueryOptions);
  const [draft, setDraft] = useState<ConsoleDrama[] | null>(null);
  const [search, setSearch] = useState('');
  const candidates = useQuery(dramasQueryOptions({ page: 1, limit: 20, sort: 'updatedAt', order: 'desc', q: search.trim() || undefined }));

  const saved = featured.data?.items ?? [];
  const items = draft ?? saved;
  const changed = orderChanged(
    saved.map((drama) => drama.id),
    items.map((drama) => drama.id),
  );

  const save = useMutation({
    mutationFn: () => saveFeatured(items.map((drama) => drama.id)),
    onSuccess: (next) => {
      queryClient.setQueryData(catalogueKeys.featured, next);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
      setDraft(null);
      void message.success(t('slots.saved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const columns: TableColumnsType<ConsoleDrama> = [
    { key: 'handle', width: 40, render: () => <DragHandle /> },
    { key: 'rank', width: 48, render: (_: unknown, _drama, index) => <Typography.Text strong>{index + 1}</Typography.Text> },
    {
      key: 'cover',
      width: 56,
      render: (_: unknown, drama) => (drama.coverUrl ? <img src={drama.coverUrl} alt="" className="cover-thumb" /> : <div className="cover-thumb cover-thumb-empty" />),
    },
    { title: t('drama.title'), key: 'title', render: (_: unknown, drama) => <Link to={`/dramas/${drama.id}`}>{inLocale(drama.title, locale)}</Link> },
    { title: t('drama.statusLabel'), dataIndex: 'status', width: 110, render: (status: ConsoleDrama['status']) => <DramaStatusTag status={status} /> },
    {
      key: 'remove',
      width: 48,
      render: (_: unknown, drama) => (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('slots.remove')}
          onClick={() => setDraft(items.filter((item) => item.id !== drama.id))}
        />
      ),
    },
  ];

  const full = items.length >= FEATURED_SLOT_LIMIT;
  const hidden = items.filter((drama) => drama.status !== 'published').length;

  return (
    <>
      <PageHeader
        title={t('slots.title')}
        extra={
          <>
            <Button disabled={!changed} onClick={() => setDraft(null)}>
              {t('slots.discard')}
            </Button>
            <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
              {t('slots.save')}
            </Button>
          </>
        }
      />
      {featured.isError ? (
        <LoadError error={featured.error} onRetry={() => void featured.refetch()} />
      ) : (
        <Card size="small" style={{ maxWidth: 880 }}>
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('slots.hint', { limit: FEATURED_SLOT_LIMIT })}</Typography.Text>
            {hidden > 0 && <Alert type="info" showIcon title={t('slots.notPublished', { count: hidden })} />}
            <Select<number>
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={null}
              disabled={full}
              placeholder={full ? t('slots.full') : t('slots.add')}
              loading={candidates.isFetching}
              style={{ width: '100%' }}
              options={(candidates.data?.items ?? [])
                .filter((drama) => !items.some((item) => item.id === drama.id))
                .map((drama) => ({ value: drama.id, label: `${inLocale(drama.title, locale)} · #${drama.id}` }))}
              onChange={(id) => {
                const drama = candidates.data?.items.find((item) => item.id === id);
                if (drama) setDraft([...items, drama]);
              }}
            />
            <SortableTable<ConsoleDrama>
              items={items}
              columns={columns}
              loading={featured.isPending}
              showHeader={items.length > 0}
              onReorder={setDraft}
              locale={{ emptyText: featured.isPending ? ' ' : t('slots.empty') }}
            />
            {changed && <Typography.Text type="warning">{t('slots.unsaved')}</Typography.Text>}
          </Flex>
        </Card>
      )}
    </>
  );
}
