import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { hasFilters, readFilters, writeFilters, type FilterSchema } from './url-filters';

/**
 * A list's filters kept in the address, so a view can be shared and survives a reload:
 * `const { filters, setFilters } = useUrlFilters(auditQuerySchema)`. Changing a filter goes back
 * to page 1; each change is a history entry, so Back undoes it.
 */
export function useUrlFilters<S extends FilterSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(schema, params), [schema, params]);
  const defaults = useMemo(() => readFilters(schema, new URLSearchParams()) as Record<string, unknown>, [schema]);

  const setFilters = useCallback(
    (patch: Partial<z.output<S>>) => {
      const keepsPage = 'page' in patch || 'limit' in patch;
      const values: Record<string, unknown> = { ...filters, ...patch, ...(keepsPage ? {} : { page: defaults.page }) };
      setParams((current) => writeFilters(schema, current, values, defaults));
    },
    [filters, defaults, schema, setParams],
  );

  const resetFilters = useCallback(() => {
    setParams((current) => writeFilters(schema, current, { ...defaults, limit: (filters as Record<string, unknown>).limit }, defaults));
  }, [defaults, filters, schema, setParams]);

  return {
    filters,
    setFilters,
    resetFilters,
    /** Some filter narrows the list (paging and sorting aside). */
    filtered: hasFilters(filters as Record<string, unknown>, defaults),
  };
}
