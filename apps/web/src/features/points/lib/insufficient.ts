/** The numbers an INSUFFICIENT_POINTS answer carries: the balance and what the item costs. */
export function readInsufficient(details: unknown): { current: number; required: number } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { current, required } = details as Record<string, unknown>;
  if (typeof current !== 'number' || typeof required !== 'number') return null;
  return { current, required };
}
