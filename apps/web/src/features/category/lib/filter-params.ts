import { DRAMA_SORTS, type DramaSort } from '@drama/contracts';

export interface GridParams {
  category: string | undefined;
  sort: DramaSort;
}

const MAX_SLUG = 64;

/**
 * Reads `?category=&sort=`; anything unusable falls back to all dramas, hottest first. Without
 * zod: the route's preload reads it before the page's code (and its schemas) has loaded.
 */
export function readGridParams(params: URLSearchParams): GridParams {
  const category = params.get('category')?.trim();
  const sort = DRAMA_SORTS.find((known) => known === params.get('sort'));
  return {
    category: category && category.length <= MAX_SLUG ? category : undefined,
    sort: sort ?? 'hot',
  };
}

/** The query string for a choice; the default sort is left out so plain links stay short. */
export function gridSearch({ category, sort }: GridParams): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (sort !== 'hot') params.set('sort', sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}
