import {
  API_BASE,
  apiPaths,
  type DramaDetail,
  dramaDetailResponseSchema,
  type DramaSummary,
  dramaListResponseSchema,
} from '@drama/contracts';
import type { TestApp } from './test-app.js';

/** The first `limit` dramas of the seeded catalogue, as its list gives them. */
export async function listedDramas(t: TestApp, limit: number, headers: Record<string, string> = {}): Promise<DramaSummary[]> {
  const response = await t.server.inject({ url: `${API_BASE}${apiPaths.dramas()}?limit=${limit}`, headers });
  return dramaListResponseSchema.parse(response.json()).data.items;
}

/** The first `limit` dramas of the seeded catalogue with their episodes, each read as its page reads it. */
export async function dramaDetails(t: TestApp, limit: number, headers: Record<string, string> = {}): Promise<DramaDetail[]> {
  const details: DramaDetail[] = [];
  for (const summary of await listedDramas(t, limit)) {
    const response = await t.server.inject({ url: `${API_BASE}${apiPaths.drama(summary.id)}`, headers });
    details.push(dramaDetailResponseSchema.parse(response.json()).data);
  }
  return details;
}

/** The drama at `index`, failing plainly when the seeded catalogue is shorter. */
export function dramaAt<T>(dramas: readonly T[], index: number): T {
  const found = dramas[index];
  if (!found) throw new Error('not enough dramas');
  return found;
}

/** Every episode of the seeded catalogue with its drama's slug, in catalogue order (the media tests pick from them). */
export function seededEpisodes(t: TestApp) {
  return t.database.db
    .selectFrom('episodes as e')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .select(['e.id', 'e.is_free', 'e.media_key', 'd.slug'])
    .orderBy('e.drama_id')
    .orderBy('e.sequence')
    .execute();
}
