/** The list with the item at `from` moved to `to` (both indexes of the original list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The list with the item of id `active` moved to where the item of id `over` is; unchanged when either is missing. */
export function moveById<T extends { id: number }>(items: readonly T[], active: number, over: number): T[] {
  const from = items.findIndex((item) => item.id === active);
  const to = items.findIndex((item) => item.id === over);
  if (from < 0 || to < 0) return [...items];
  return moveItem(items, from, to);
}

/** Whether an order differs from the saved one: only then is there something to save. */
export function orderChanged(saved: readonly number[], current: readonly number[]): boolean {
  return saved.length !== current.length || saved.some((id, index) => current[index] !== id);
}

/** How many items sit at another place than in the saved order (for "3 moved"). */
export function movedCount(saved: readonly number[], current: readonly number[]): number {
  return current.filter((id, index) => saved[index] !== id).length;
}
