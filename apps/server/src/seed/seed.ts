import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { insertMissingMallItems } from '../modules/mall/queries.js';
import { insertDrama } from '../modules/admin-content/queries.js';
import { insertMissingSettings } from '../modules/settings/queries.js';
import { seedCategories, seedDramas, seedTags, type SeedDrama } from './catalogue-data.js';
import { seedMallItems } from './mall-data.js';
import { seedPlans } from './plans-data.js';
import { seedSettings, seedSettingsTranslationRows } from './settings-data.js';

interface MediaManifest {
  clips: Record<string, { durationSeconds: number }>;
}

function readManifest(mediaDir: string): MediaManifest {
  const file = path.join(mediaDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as MediaManifest;
  } catch (error) {
    throw new Error(`Cannot read the media manifest at ${file}: ${(error as Error).message}`);
  }
}

/** Which stored clip an episode plays: free episodes have their own, locked ones share two. */
export function clipFor(drama: Pick<SeedDrama, 'slug' | 'freeEpisodes'>, sequence: number): string {
  if (sequence <= drama.freeEpisodes) return `${drama.slug}-ep${String(sequence).padStart(2, '0')}`;
  return `${drama.slug}-vip-${sequence % 2 === 0 ? 'a' : 'b'}`;
}

/** Popularity blended with recency; the discovery work refines how it is kept up to date. */
export function initialHotScore(drama: Pick<SeedDrama, 'views' | 'likes' | 'favorites' | 'publishedDaysAgo'>): number {
  const engagement = Math.log10(1 + drama.views + 5 * drama.likes + 10 * drama.favorites);
  return Number((engagement - drama.publishedDaysAgo / 60).toFixed(4));
}

/**
 * Seeds the demo catalogue, settings and membership plans. Idempotent: rows are keyed by slug
 * (plans by code) and inserted only when missing, so a restart or a second run changes nothing
 * an operator has edited.
 */
export async function seedDemo(db: Db, mediaDir: string, now = new Date()): Promise<{ dramas: number }> {
  const manifest = readManifest(mediaDir);
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    await insertMissingSettings(trx, { ...seedSettings, ...seedSettingsTranslationRows });
    await insertMissingMallItems(trx, seedMallItems);
    await trx
      .insertInto('membership_plans')
      .values(
        seedPlans.map((plan) => ({
          code: plan.code,
          name: JSON.stringify(plan.name),
          days: plan.days,
          price_fen: plan.priceFen,
          original_price_fen: plan.originalPriceFen,
          sort_order: plan.sortOrder,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('categories')
      .values(seedCategories.map((c) => ({ slug: c.slug, name: JSON.stringify(c.name), sort_order: c.sortOrder })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('tags')
      .values(seedTags.map((t) => ({ slug: t.slug, name: JSON.stringify(t.name) })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    const categories = new Map(
      (await trx.selectFrom('categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
    );
    const tags = new Map((await trx.selectFrom('tags').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]));
    const existing = new Set((await trx.selectFrom('dramas').select('slug').execute()).map((d) => d.slug));

    let featuredRank = 0;
    for (const drama of seedDramas) {
      if (drama.featured) featuredRank += 1;
      if (existing.has(drama.slug)) continue;
      const episodes = Array.from({ length: drama.episodeCount }, (_, index) => {
        const sequence = index + 1;
        const clip = clipFor(drama, sequence);
        const duration = manifest.clips[clip]?.durationSeconds;
        if (duration === undefined) throw new Error(`The media manifest has no clip named ${clip}`);
        return { sequence, isFree: sequence <= drama.freeEpisodes, durationSeconds: duration, mediaKey: clip };
      });
      await insertDrama(trx, {
        slug: drama.slug,
        title: drama.title,
        description: drama.description,
        coverPath: `${drama.slug}.jpg`,
        categoryId: categories.get(drama.category) ?? null,
        tagIds: drama.tags.map((slug) => tags.get(slug)).filter((tagId): tagId is number => tagId !== undefined),
        featuredRank: drama.featured ? featuredRank : null,
        completed: drama.completed,
        publishedAt: new Date(now.getTime() - drama.publishedDaysAgo * 86_400_000),
        counters: { views: drama.views, likes: drama.likes, favorites: drama.favorites, hotScore: initialHotScore(drama) },
        episodes,
      });
      inserted += 1;
    }
  });
  return { dramas: inserted };
}
