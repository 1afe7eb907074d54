import { auditQuerySchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, writeFilters } from './url-filters';

const defaults = readFilters(auditQuerySchema, new URLSearchParams());

describe('list filters in the address', () => {
  it('reads the defaults from an empty query', () => {
    expect(defaults).toEqual({ page: 1, limit: 20 });
  });

  it('reads and coerces what is there', () => {
    const filters = readFilters(auditQuerySchema, new URLSearchParams('operatorId=3&action=drama.update&page=2'));
    expect(filters).toEqual({ operatorId: 3, action: 'drama.update', page: 2, limit: 20 });
  });

  it('drops a value the schema refuses and keeps the rest', () => {
    const filters = readFilters(auditQuerySchema, new URLSearchParams('operatorId=abc&limit=5000&targetType=drama'));
    expect(filters).toEqual({ targetType: 'drama', page: 1, limit: 20 });
  });

  it('writes only what differs from the defaults, and keeps unknown parameters', () => {
    const next = writeFilters(auditQuerySchema, new URLSearchParams('tab=x&action=old'), { ...defaults, action: undefined, targetId: '42', page: 1 }, defaults);
    expect(next.toString()).toBe('tab=x&targetId=42');
  });

  it('round-trips a date range', () => {
    const from = '2026-11-01T00:00:00+08:00';
    const written = writeFilters(auditQuerySchema, new URLSearchParams(), { ...defaults, from }, defaults);
    expect(readFilters(auditQuerySchema, written).from).toBe(from);
  });

  it('tells filters from paging', () => {
    expect(hasFilters({ ...defaults, page: 3, limit: 50 }, defaults)).toBe(false);
    expect(hasFilters({ ...defaults, action: 'x' }, defaults)).toBe(true);
  });
});
