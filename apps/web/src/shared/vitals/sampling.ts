/** Decided once per page load: a sampled load reports all its metrics, others none. */
export function shouldSample(rate: number, random: () => number = Math.random): boolean {
  if (!(rate > 0)) return false;
  return random() < rate;
}
