import { describe, expect, it } from 'vitest';
import { columnSortOrder, sortingFromTable } from './sorting';

describe('sorting in the address', () => {
  it('tells a column how it is sorted', () => {
    expect(columnSortOrder({ sort: 'updatedAt', order: 'desc' }, 'updatedAt')).toBe('descend');
    expect(columnSortOrder({ sort: 'title', order: 'asc' }, 'title')).toBe('ascend');
    expect(columnSortOrder({ sort: 'title', order: 'asc' }, 'updatedAt')).toBeNull();
  });

  it('reads a header click, and a cleared sort as the defaults', () => {
    expect(sortingFromTable({ columnKey: 'title', field: 'title', order: 'ascend' })).toEqual({ sort: 'title', order: 'asc' });
    expect(sortingFromTable([{ field: 'createdAt', order: 'descend' }])).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(sortingFromTable({ columnKey: 'title', order: null })).toEqual({ sort: undefined, order: undefined });
  });
});
