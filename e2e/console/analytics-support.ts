import { expect, type APIRequestContext } from '@playwright/test';
import { API_BASE, apiPaths, dramaDetailResponseSchema, funnelResponseSchema, recomputeResponseSchema } from '@drama/contracts';
import { createAccount, operatorHeaders, type TestAccount } from '../accounts';
import { hotDramas, paidOrder } from '../api';

/**
 * Viewing generated through the viewers' API on one published drama with a paywall: three new
 * members start episode 1 (two watch it to the end), one goes on to episode 2 when it is free,
 * two are refused at the first locked episode and one of them buys VIP; with `atGate`, the third
 * is shown that episode's gate in the viewers' app. Then the owner's "recompute" rolls the day up.
 * Returns the drama and its funnel as the server then answers it.
 */
export async function generateViewing(
  request: APIRequestContext,
  atGate?: (member: TestAccount, drama: { id: number; locked: number }) => Promise<void>,
) {
  let chosen: { id: number; title: string; first: number; second: number | null; locked: number } | null = null;
  for (const summary of await hotDramas(request, 'en-US')) {
    const detail = dramaDetailResponseSchema.parse(await (await request.get(`${API_BASE}${apiPaths.drama(summary.id)}`, { headers: { 'Accept-Language': 'en-US' } })).json()).data;
    const first = detail.episodes[0];
    const locked = detail.episodes.find((episode) => !episode.isFree);
    if (!first?.isFree || !locked) continue;
    const second = detail.episodes[1]?.isFree ? (detail.episodes[1]?.id ?? null) : null;
    chosen = { id: detail.id, title: detail.title, first: first.id, second, locked: locked.id };
    break;
  }
  if (!chosen) throw new Error('no published drama with a free first episode and a locked one');
  const drama = chosen;

  const members = [await createAccount(request), await createAccount(request), await createAccount(request)];
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  for (const [index, member] of members.entries()) {
    expect((await request.post(`${API_BASE}${apiPaths.watch(drama.id, drama.first)}?episodeId=${drama.first}`, { headers: as(member.token) })).status()).toBe(200);
    if (index < 2) {
      const progress = await request.post(`${API_BASE}${apiPaths.progress(drama.id)}?episodeId=${drama.first}&progress=3600`, { headers: as(member.token) });
      expect(progress.status()).toBe(200);
    }
  }
  if (drama.second) expect((await request.post(`${API_BASE}${apiPaths.watch(drama.id, drama.second)}?episodeId=${drama.second}`, { headers: as(members[0]?.token ?? '') })).status()).toBe(200);
  for (const member of members.slice(0, 2)) {
    expect((await request.get(`${API_BASE}${apiPaths.play(drama.locked)}`, { headers: as(member.token) })).status()).toBe(403);
  }
  if (atGate && members[2]) await atGate(members[2], drama);
  await paidOrder(request, members[0]?.token ?? '');

  const owner = await operatorHeaders(request);
  const recomputed = await request.post(`${API_BASE}/console/analytics/recompute`, { headers: owner, data: {} });
  expect(recomputed.status(), await recomputed.text()).toBe(200);
  recomputeResponseSchema.parse(await recomputed.json());
  const funnel = funnelResponseSchema.parse(await (await request.get(`${API_BASE}/console/analytics/dramas/${drama.id}/funnel?days=7`, { headers: owner })).json()).data;
  return { drama, funnel };
}
