import { useState } from 'react';
import type { ConsoleCategory, ConsoleTag, ConsoleTermCreate } from '@drama/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Flex, Popconfirm, Row, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable } from '../../shared/list/query-table';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import {
  catalogueKeys,
  categoriesQueryOptions,
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  orderCategories,
  tagsQueryOptions,
  updateCategory,
  updateTag,
} from './api';
import { inLocale } from './localized';
import { DragHandle, SortableTable } from './sortable-table';
import { TermModal } from './term-modal';

type Kind = 'category' | 'tag';
type Editing = { kind: Kind; term?: ConsoleCategory | ConsoleTag } | null;

/** Categories (in the order viewers see them) and tags: made, renamed, reordered, deleted when unused. */
export default function TermsPage() {
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQueryOptions);
  const tags = useQuery(tagsQueryOptions);
  const [editing, setEditing] = useState<Editing>(null);

  const refresh = (kind: Kind) => {
    void queryClient.invalidateQueries({ queryKey: kind === 'category' ? catalogueKeys.categories : catalogueKeys.tags });
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
  };

  const save = useMutation({
    mutationFn: async ({ kind, id, values }: { kind: Kind; id?: number; values: ConsoleTermCreate }) => {
      if (kind === 'category') return id ? updateCategory(id, values) : createCategory(values);
      return id ? updateTag(id, values) : createTag(values);
    },
    onSuccess: (_saved, { kind }) => {
      refresh(kind);
      setEditing(null);
      void message.success(t('term.saved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const remove = useMutation({
    mutationFn: ({ kind, id }: { kind: Kind; id: number }) => (kind === 'category' ? deleteCategory(id) : deleteTag(id)),
    onSuccess: (_deleted, { kind }) => {
      refresh(kind);
      void message.success(t('term.deleted'));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const reorder = useMutation({
    mutationFn: (next: ConsoleCategory[]) => orderCategories(next.map((category) => category.id)),
    onMutate: (next) => {
      const previous = queryClient.getQueryData(catalogueKeys.categories);
      queryClient.setQueryData(catalogueKeys.categories, { items: next });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.categories, saved);
      void message.success(t('order.saved'));
    },
    onError: (error, _next, context) => {
      queryClient.setQueryData(catalogueKeys.categories, context?.previous);
      void message.error(errorText(error));
    },
  });

  function nameColumns<T extends ConsoleCategory | ConsoleTag>(kind: Kind): TableColumnsType<T> {
    return [
      {
        title: t('term.name'),
        key: 'name',
        render: (_: unknown, term) => (
          <Flex vertical gap={0}>
            <Flex gap={8} align="baseline" wrap>
              <Typography.Text strong>{inLocale(term.name, locale)}</Typography.Text>
              <Typography.Text type="secondary" className="mono" style={{ fontSize: 12 }}>
                {term.slug}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[term.name['zh-CN'], term.name['zh-Hant'], term.name['en-US']].join(' · ')}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: t('term.dramaCount'), dataIndex: 'dramaCount', width: 80, align: 'right' },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 84,
        align: 'right',
        render: (_: unknown, term) => (
          <Flex gap={4} justify="end">
            <Tooltip title={t('term.rename')}>
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('term.rename')} onClick={() => setEditing({ kind, term })} />
            </Tooltip>
            <Popconfirm
              title={t('term.deleteConfirm', { name: inLocale(term.name, locale) })}
              description={term.dramaCount > 0 ? t('term.inUse', { count: term.dramaCount }) : undefined}
              okText={t('term.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync({ kind, id: term.id }).catch(() => undefined)}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('term.delete')} />
            </Popconfirm>
          </Flex>
        ),
      },
    ];
  }

  const categoryColumns: TableColumnsType<ConsoleCategory> = [
    { key: 'handle', width: 40, render: () => <DragHandle /> },
    ...nameColumns<ConsoleCategory>('category'),
  ];

  return (
    <>
      <PageHeader title={t('term.title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={13}>
          <Card
            size="small"
            title={t('term.categories')}
            extra={
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'category' })}>
                {t('term.newCategory')}
              </Button>
            }
          >
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('term.orderHint')}
            </Typography.Paragraph>
            {categories.isError ? (
              <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
            ) : (
              <SortableTable<ConsoleCategory>
                items={categories.data?.items ?? []}
                loading={categories.isPending || reorder.isPending}
                columns={categoryColumns}
                onReorder={(next) => reorder.mutate(next)}
                locale={{ emptyText: categories.isPending ? ' ' : t('state.empty') }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={11}>
          <Card
            size="small"
            title={t('term.tags')}
            extra={
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'tag' })}>
                {t('term.newTag')}
              </Button>
            }
          >
            <QueryTable<ConsoleTag> rowKey="id" query={tags} items={tags.data?.items} columns={nameColumns<ConsoleTag>('tag')} />
          </Card>
        </Col>
      </Row>
      {editing && (
        <TermModal
          title={t(editing.term ? 'term.rename' : editing.kind === 'category' ? 'term.newCategory' : 'term.newTag')}
          initial={editing.term ? { slug: editing.term.slug, name: editing.term.name } : undefined}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(values) => save.mutate({ kind: editing.kind, id: editing.term?.id, values })}
        />
      )}
    </>
  );
}
