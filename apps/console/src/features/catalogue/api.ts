import {
  consoleCataloguePaths as paths,
  consoleCategoryListResponseSchema,
  consoleCategoryResponseSchema,
  consoleDramaListResponseSchema,
  consoleDramaResponseSchema,
  consoleTagListResponseSchema,
  consoleTagResponseSchema,
  deletedResponseSchema,
  featuredSlotsResponseSchema,
  type ConsoleDramaCreate,
  type ConsoleDramaListQuery,
  type ConsoleDramaStatusChange,
  type ConsoleDramaUpdate,
  type ConsoleTermCreate,
  type ConsoleTermUpdate,
  type CoverCrop,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';
import { sendForm } from './form-upload';

export const catalogueKeys = {
  all: ['console', 'catalogue'] as const,
  dramas: ['console', 'catalogue', 'dramas'] as const,
  drama: (id: number) => ['console', 'catalogue', 'drama', id] as const,
  categories: ['console', 'catalogue', 'categories'] as const,
  tags: ['console', 'catalogue', 'tags'] as const,
  featured: ['console', 'catalogue', 'featured'] as const,
};

export function dramasQueryOptions(query: ConsoleDramaListQuery) {
  return queryOptions({
    queryKey: [...catalogueKeys.dramas, query],
    queryFn: ({ signal }) => api(paths.dramas(), { schema: consoleDramaListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function dramaQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.drama(id),
    queryFn: ({ signal }) => api(paths.drama(id), { schema: consoleDramaResponseSchema, signal }),
  });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: catalogueKeys.categories,
  queryFn: ({ signal }) => api(paths.categories(), { schema: consoleCategoryListResponseSchema, signal }),
});

export const tagsQueryOptions = queryOptions({
  queryKey: catalogueKeys.tags,
  queryFn: ({ signal }) => api(paths.tags(), { schema: consoleTagListResponseSchema, signal }),
});

export const featuredQueryOptions = queryOptions({
  queryKey: catalogueKeys.featured,
  queryFn: ({ signal }) => api(paths.featured(), { schema: featuredSlotsResponseSchema, signal }),
});

export const createDrama = (body: ConsoleDramaCreate) =>
  api(paths.dramas(), { method: 'POST', body, schema: consoleDramaResponseSchema });
export const updateDrama = (id: number, body: ConsoleDramaUpdate) =>
  api(paths.drama(id), { method: 'PATCH', body, schema: consoleDramaResponseSchema });
export const changeDramaStatus = (id: number, body: ConsoleDramaStatusChange) =>
  api(paths.dramaStatus(id), { method: 'POST', body, schema: consoleDramaResponseSchema });

/** The source image with the crop rectangle in its own pixels; the server cuts and stores the cover. */
export function uploadCover(id: number, file: Blob, fileName: string, crop: CoverCrop) {
  const form = new FormData();
  form.set('x', String(crop.x));
  form.set('y', String(crop.y));
  form.set('width', String(crop.width));
  form.set('height', String(crop.height));
  // Fields first: the server reads the rectangle before the file's stream.
  form.set('file', file, fileName);
  return sendForm(paths.dramaCover(id), form, consoleDramaResponseSchema);
}

export const createCategory = (body: ConsoleTermCreate) =>
  api(paths.categories(), { method: 'POST', body, schema: consoleCategoryResponseSchema });
export const updateCategory = (id: number, body: ConsoleTermUpdate) =>
  api(paths.category(id), { method: 'PATCH', body, schema: consoleCategoryResponseSchema });
export const deleteCategory = (id: number) => api(paths.category(id), { method: 'DELETE', schema: deletedResponseSchema });
export const orderCategories = (ids: number[]) =>
  api(paths.categoryOrder(), { method: 'PUT', body: { ids }, schema: consoleCategoryListResponseSchema });

export const createTag = (body: ConsoleTermCreate) => api(paths.tags(), { method: 'POST', body, schema: consoleTagResponseSchema });
export const updateTag = (id: number, body: ConsoleTermUpdate) =>
  api(paths.tag(id), { method: 'PATCH', body, schema: consoleTagResponseSchema });
export const deleteTag = (id: number) => api(paths.tag(id), { method: 'DELETE', schema: deletedResponseSchema });

export const saveFeatured = (dramaIds: number[]) =>
  api(paths.featured(), { method: 'PUT', body: { dramaIds }, schema: featuredSlotsResponseSchema });
