import { describe, expect, it } from 'vitest';
import { moveById, movedCount, moveItem, orderChanged } from './order';

describe('ordering by dragging', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('leaves the list as it was for an index outside it', () => {
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('moves by id onto the place of another', () => {
    const items = [{ id: 7 }, { id: 3 }, { id: 9 }];
    expect(moveById(items, 9, 7).map((item) => item.id)).toEqual([9, 7, 3]);
    expect(moveById(items, 9, 42).map((item) => item.id)).toEqual([7, 3, 9]);
  });

  it('knows when an order differs from the saved one', () => {
    expect(orderChanged([1, 2, 3], [1, 2, 3])).toBe(false);
    expect(orderChanged([1, 2, 3], [2, 1, 3])).toBe(true);
    expect(orderChanged([1, 2, 3], [1, 2])).toBe(true);
    expect(movedCount([1, 2, 3, 4], [2, 1, 3, 4])).toBe(2);
  });
});
