import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  createOrderResponseSchema,
  dramaListResponseSchema,
  planListResponseSchema,
  type Locale,
  type Session,
} from '@drama/contracts';
import { createAccount } from './accounts';
import { seedStorage, test } from './fixtures';
import { SWIPE_HINT_SEEN, dramaDetail } from './player-support';

/*
 * Shared by the accessibility specs: axe with the WCAG 2.1 A/AA rules, the wait for a page's
 * real content, and one member with something in every list, so no page is judged empty-handed.
 */

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Theme = 'light' | 'dark';

export async function openWith(
  page: Page,
  options: { theme: Theme; locale?: Locale; session?: Session },
): Promise<void> {
  await seedStorage(page, {
    [STORAGE_KEYS.language]: options.locale ?? 'en-US',
    [STORAGE_KEYS.theme]: options.theme,
    ...SWIPE_HINT_SEEN,
    ...(options.session
      ? { [STORAGE_KEYS.token]: options.session.token, [STORAGE_KEYS.userInfo]: JSON.stringify(options.session.user) }
      : {}),
  });
}

/**
 * Waits until the page shows its content: no loading placeholders, no pending calls, and the
 * route's animation over (a half-faded page would skew the contrast figures).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('#root :is(main, h1, [data-testid]):visible').first()).toBeVisible();
  await expect(page.locator('.animate-shimmer, [aria-busy="true"]')).toHaveCount(0);
  // A playing video keeps the network busy: a quiet moment is enough, not silence.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export interface Violation {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Serious and critical violations of the page as it is now, labelled with `where`. */
export async function seriousViolations(page: Page, where: string, include?: string): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? violation.help,
    }));
}

export function report(violations: Violation[]): string {
  return violations
    .map((v) => `${v.where}: [${v.impact}] ${v.rule} at ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ' …' : ''}\n    ${v.summary}`)
    .join('\n');
}

export interface MemberWorld {
  session: Session;
  dramaId: number;
  tagName: string;
  searchTerm: string;
  pendingOrderId: number;
  pendingOrderNo: string;
  paidOrderId: number;
  feedbackId: number;
}

function auth(session: Session) {
  return { Authorization: `Bearer ${session.token}`, 'Accept-Language': 'en-US' };
}

/** A member with a favourite, a watch record, a paid and a pending order, and a feedback message. */
export async function makeMemberWorld(request: APIRequestContext): Promise<MemberWorld> {
  const session = await createAccount(request);
  const list = await request.get(`${API_BASE}${apiPaths.dramas()}?sort=hot&limit=3`, { headers: { 'Accept-Language': 'en-US' } });
  const dramas = dramaListResponseSchema.parse(await list.json()).data.items;
  const drama = await dramaDetail(request, dramas[0]!.id);
  const episode = drama.episodes[0]!;

  const favorite = await request.post(`${API_BASE}${apiPaths.favorite(drama.id)}`, { headers: auth(session) });
  expect(favorite.ok(), await favorite.text()).toBe(true);
  const watched = await request.post(`${API_BASE}${apiPaths.watch(drama.id, episode.id)}`, {
    headers: auth(session),
    params: { episodeId: episode.id },
  });
  expect(watched.ok(), await watched.text()).toBe(true);

  const plans = planListResponseSchema.parse(
    await (await request.get(`${API_BASE}${apiPaths.plans()}`, { headers: { 'Accept-Language': 'en-US' } })).json(),
  ).data.items;
  const order = async () => {
    const created = await request.post(`${API_BASE}${apiPaths.orders()}`, {
      headers: auth(session),
      data: { planId: plans[0]!.id, channel: 'alipay' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return createOrderResponseSchema.parse(await created.json()).data.order;
  };
  const paid = await order();
  const settledAnswer = await request.post(`${API_BASE}${apiPaths.sandboxCheckout(paid.orderNo)}`, { data: { result: 'success' } });
  expect(settledAnswer.ok(), await settledAnswer.text()).toBe(true);
  const pending = await order();

  const sent = await request.post(`${API_BASE}${apiPaths.feedback()}`, {
    headers: auth(session),
    data: { type: 'bug', content: 'The subtitles lag behind the voices in episode 2.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const feedbackId = ((await sent.json()) as { data: { id: number } }).data.id;

  const me = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: auth(session) });
  const user = ((await me.json()) as { data: Session['user'] }).data;

  return {
    session: { token: session.token, user },
    dramaId: drama.id,
    tagName: drama.tags[0]?.name ?? 'ceo',
    searchTerm: drama.title.slice(0, 2),
    pendingOrderId: pending.id,
    pendingOrderNo: pending.orderNo,
    paidOrderId: paid.id,
    feedbackId,
  };
}

/** The project's test with `world`: one member per worker, since making it per test would cost more than the checks. */
export const testWithMember = test.extend<object, { world: MemberWorld }>({
  world: [
    async ({ playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}` });
      await provide(await makeMemberWorld(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});
