/** A list's sorting in the address, as contracts' list queries spell it: `sort=<field>&order=asc|desc`. */
export type SortDirection = 'asc' | 'desc';
export interface Sorting {
  sort?: string | undefined;
  order?: SortDirection | undefined;
}

/** The `sortOrder` of a column of antd's Table for the sorting in the address: the table shows what the address says. */
export function columnSortOrder(sorting: Sorting, field: string): 'ascend' | 'descend' | null {
  if (sorting.sort !== field) return null;
  return sorting.order === 'asc' ? 'ascend' : 'descend';
}

interface TableSorter {
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/**
 * The sorting a click on a column header asks for. antd's third click clears the sorting: then
 * both are left out and the list's defaults apply.
 */
export function sortingFromTable(sorter: TableSorter | TableSorter[]): Sorting {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return { sort: undefined, order: undefined };
  const key = first.columnKey ?? first.field;
  const field = Array.isArray(key) ? key.join('.') : typeof key === 'string' ? key : undefined;
  if (!field) return { sort: undefined, order: undefined };
  return { sort: field, order: first.order === 'ascend' ? 'asc' : 'desc' };
}
