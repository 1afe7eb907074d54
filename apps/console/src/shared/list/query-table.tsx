import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import type { Paged } from '@drama/contracts';
import { useI18n } from '../i18n/i18n';
import { LoadError } from '../ui/states';
import { sortingFromTable, type Sorting } from './sorting';

type BaseProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> & {
  /** A filter narrows the list: an empty answer then says "nothing matches", not "nothing yet". */
  filtered?: boolean;
};

/**
 * A list's table with the states every list has: loading (the last page stays shown while the
 * next loads), empty, and failed with a retry. For a server-paged list pass `paging`.
 */
export function QueryTable<T extends object>({
  query,
  items,
  paging,
  onSortChange,
  filtered = false,
  ...table
}: BaseProps<T> & {
  query: UseQueryResult<unknown>;
  items: readonly T[] | undefined;
  paging?: { page: number; limit: number; total: number; onChange: (page: number, limit: number) => void };
  /**
   * Server-side sorting: columns declare `sorter: true` and `sortOrder: columnSortOrder(filters, key)`,
   * and a header click comes here (`(sorting) => setFilters(sorting)`).
   */
  onSortChange?: (sorting: Sorting) => void;
}) {
  const { t } = useI18n();
  if (query.isError && items === undefined) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      size="small"
      // A narrow screen (a tablet) scrolls a wide table sideways rather than squeezing its columns.
      scroll={{ x: 'max-content' }}
      {...table}
      dataSource={items as T[] | undefined}
      loading={query.isFetching}
      onChange={(pagination, tableFilters, sorter, extra) => {
        if (extra.action === 'sort') onSortChange?.(sortingFromTable(sorter));
        table.onChange?.(pagination, tableFilters, sorter, extra);
      }}
      locale={{
        emptyText: query.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('state.emptyFiltered') : t('state.empty')} />,
      }}
      pagination={
        paging
          ? {
              current: paging.page,
              pageSize: paging.limit,
              total: paging.total,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100],
              showTotal: (total) => t('common.total', { total }),
              onChange: paging.onChange,
            }
          : false
      }
    />
  );
}

/** The `paging` of QueryTable for a server page of contracts' `paged(...)` shape. */
export function serverPaging<T>(page: Paged<T> | undefined, fallback: { page: number; limit: number }, onChange: (page: number, limit: number) => void) {
  return { page: page?.page ?? fallback.page, limit: page?.limit ?? fallback.limit, total: page?.total ?? 0, onChange };
}
