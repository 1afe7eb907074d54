/**
 * The banner's line above the title: the category, then tags, at most two, without saying the
 * same word twice (a drama filed under Revenge is often tagged Revenge too).
 */
export function bannerLabels(category: string | null | undefined, tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const name of [category, ...tags]) {
    const key = name?.trim().toLocaleLowerCase();
    if (!name || !key || seen.has(key)) continue;
    seen.add(key);
    labels.push(name);
    if (labels.length === 2) break;
  }
  return labels;
}
