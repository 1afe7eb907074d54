import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface StatusContext<T> {
  previous: T | undefined;
}

/**
 * Shows a toggle's outcome at once: the cached status becomes `next(previous)` before the server
 * answers. The context it gives back is what `restoreStatus` puts back if the server refuses.
 */
export async function setStatusAtOnce<T>(
  queryClient: QueryClient,
  key: QueryKey,
  next: (previous: T | undefined) => T,
): Promise<StatusContext<T>> {
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<T>(key);
  queryClient.setQueryData<T>(key, next(previous));
  return { previous };
}

export function restoreStatus<T>(queryClient: QueryClient, key: QueryKey, context: StatusContext<T> | undefined): void {
  if (context?.previous) queryClient.setQueryData(key, context.previous);
}

/** A count after one more (or one fewer), never below zero. */
export function countAfterToggle(count: number | undefined, on: boolean): number {
  return Math.max(0, (count ?? 0) + (on ? 1 : -1));
}
