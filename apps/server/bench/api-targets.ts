// What a load run asks of the API: the hot reads, the home page's other lists, sign-in, the
// player's calls and an order's life. Each call is spread over the seeded dramas and episodes,
// the three locales and many members, so that the run measures the server rather than one
// cached answer or one member's limits. Every call comes from its own client address
// (X-Forwarded-For, with TRUST_PROXY on), so that per-address limits do not answer instead.
import type { CallKind } from './budget.js';
import type { LoadOptions, LoadRequest } from './harness.js';
import { MEMBER_PASSWORD, type Member } from './members.js';

export interface Target {
  call: string;
  kind: CallKind;
  steps: LoadOptions['steps'];
  /** Measured at the first connection level only (sign-in: at 256 connections its queue outlasts the client's timeout). */
  firstLevelOnly?: boolean;
}

export interface Catalogue {
  dramaIds: number[];
  freeEpisodes: { id: number; dramaId: number }[];
  lockedEpisodes: { id: number; dramaId: number }[];
  categorySlugs: string[];
  tagSlugs: string[];
  planIds: number[];
  /** Pages of 20 in the drama list. */
  listPages: number;
}

const API = '/api/v1';
const LANGUAGES = ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-TW,zh;q=0.9', 'en-US,en;q=0.9'];

function pick<T>(list: T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/**
 * A distinct client address per call, from 10.0.0.0/8, and the encodings every browser accepts
 * (the server compresses large cached answers for them).
 */
function client(n: number): Record<string, string> {
  return { 'x-forwarded-for': `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
}

function guest(n: number, path: string): LoadRequest {
  return { path: `${API}${path}`, headers: { ...client(n), 'accept-language': pick(LANGUAGES, n) } };
}

function asMember(member: Member, n: number, request: Omit<LoadRequest, 'headers'>): LoadRequest {
  return {
    ...request,
    path: `${API}${request.path}`,
    headers: { ...client(n), 'accept-language': pick(LANGUAGES, n), authorization: `Bearer ${member.token}` },
  };
}

/** One step that sends `next(n)` for the n-th call of the run. */
function each(next: (n: number) => LoadRequest): LoadOptions['steps'] {
  return [{ next: (n) => next(n) }];
}

async function read<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${API}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** What the seeded catalogue holds, asked of the running server. */
export async function discoverCatalogue(origin: string): Promise<Catalogue> {
  const first = await read<{ items: { id: number }[]; total: number }>(origin, '/client/dramas?limit=50');
  const dramaIds = first.items.map((item) => item.id);
  for (let page = 2; dramaIds.length < first.total; page += 1) {
    const more = await read<{ items: { id: number }[] }>(origin, `/client/dramas?limit=50&page=${page}`);
    if (more.items.length === 0) break;
    dramaIds.push(...more.items.map((item) => item.id));
  }
  const freeEpisodes: Catalogue['freeEpisodes'] = [];
  const lockedEpisodes: Catalogue['lockedEpisodes'] = [];
  for (const dramaId of dramaIds) {
    const detail = await read<{ episodes: { id: number; isFree: boolean }[] }>(origin, `/client/dramas/${dramaId}`);
    for (const episode of detail.episodes) (episode.isFree ? freeEpisodes : lockedEpisodes).push({ id: episode.id, dramaId });
  }
  const categories = await read<{ items: { slug: string }[] }>(origin, '/client/categories');
  const tags = await read<{ items: { slug: string }[] }>(origin, '/client/tags');
  const plans = await read<{ items: { id: number }[] }>(origin, '/client/membership/plans');
  return {
    dramaIds,
    freeEpisodes,
    lockedEpisodes,
    categorySlugs: categories.items.map((item) => item.slug),
    tagSlugs: tags.items.map((item) => item.slug),
    planIds: plans.items.map((item) => item.id),
    listPages: Math.max(1, Math.ceil(first.total / 20)),
  };
}

/** The budgeted reads (DESIGN.md section 6). */
export function hotReads(catalogue: Catalogue): Target[] {
  return [
    { call: 'drama detail', kind: 'hot', steps: each((n) => guest(n, `/client/dramas/${pick(catalogue.dramaIds, n)}`)) },
    { call: 'episode list', kind: 'hot', steps: each((n) => guest(n, `/client/episodes/drama/${pick(catalogue.dramaIds, n)}`)) },
    { call: 'featured', kind: 'hot', steps: each((n) => guest(n, '/client/dramas/featured')) },
    { call: 'play address (free)', kind: 'hot', steps: each((n) => guest(n, `/client/episodes/${pick(catalogue.freeEpisodes, n).id}/play`)) },
  ];
}

/** The home page's other lists and the search page's hot words, mixed as a visit asks for them. */
export function publicReads(catalogue: Catalogue): Target {
  const paths: ((n: number) => string)[] = [
    (n) => `/client/dramas?page=${(n % catalogue.listPages) + 1}&limit=20&sort=${n % 2 === 0 ? 'hot' : 'latest'}`,
    (n) => `/client/dramas?category=${encodeURIComponent(pick(catalogue.categorySlugs, n))}&limit=20`,
    (n) => `/client/dramas/tag/${encodeURIComponent(pick(catalogue.tagSlugs, n))}?limit=20`,
    () => '/client/categories',
    () => '/client/tags',
    () => '/client/settings',
    () => '/client/search/hot',
  ];
  return {
    call: 'home lists, settings, hot searches',
    kind: 'read',
    steps: each((n) => guest(n, pick(paths, n)(Math.floor(n / paths.length)))),
  };
}

export function memberCalls(catalogue: Catalogue, members: Member[]): Target[] {
  const vips = members.filter((member) => member.vip);
  const allEpisodes = [...catalogue.freeEpisodes, ...catalogue.lockedEpisodes];
  // Consecutive calls go to different members; a member comes round again only after all the
  // others, so each sees (calls / members) of the run: far below any per-member limit.
  const member = (list: Member[], n: number) => pick(list, n);
  // A prime stride, so that a member meets a different episode each time round.
  const episode = <T>(list: T[], n: number) => pick(list, n * 7919);
  return [
    {
      call: 'play address (locked, VIP)',
      kind: 'read',
      steps: each((n) => asMember(member(vips, n), n, { path: `/client/episodes/${episode(catalogue.lockedEpisodes, n).id}/play` })),
    },
    {
      call: 'watch progress',
      kind: 'write',
      steps: each((n) => {
        const target = episode(catalogue.freeEpisodes, n);
        return asMember(member(members, n), n, {
          method: 'POST',
          path: `/client/watch-records/${target.dramaId}/progress?episodeId=${target.id}&progress=${(n % 50) + 1}`,
        });
      }),
    },
    {
      call: 'like / unlike (members)',
      kind: 'write',
      // Calls 2k and 2k+1: one member likes and unlikes one episode.
      steps: each((n) => {
        const pair = Math.floor(n / 2);
        return asMember(member(members, pair), n, {
          method: n % 2 === 0 ? 'POST' : 'DELETE',
          path: `/client/episodes/${episode(allEpisodes, pair).id}/like`,
        });
      }),
    },
    {
      call: 'sign-in (scrypt)',
      kind: 'sign-in',
      firstLevelOnly: true,
      steps: each((n) => ({
        method: 'POST',
        path: `${API}/client/auth/sign-in`,
        headers: client(n),
        body: JSON.stringify({ account: member(members, n).username, password: MEMBER_PASSWORD }),
      })),
    },
    orderLife(catalogue, members),
  ];
}

/**
 * An order's life, three calls per connection in turn: a member orders a plan, the sandbox
 * checkout sends the channel's signed notification, the member polls the order (now paid).
 */
function orderLife(catalogue: Catalogue, members: Member[]): Target {
  return {
    call: 'order: create, notify, poll',
    kind: 'write',
    steps: [
      {
        next: (n, context) => {
          const buyer = pick(members, n);
          context.buyer = buyer;
          return asMember(buyer, n, {
            method: 'POST',
            path: '/client/orders',
            body: JSON.stringify({ planId: pick(catalogue.planIds, n), channel: n % 2 === 0 ? 'alipay' : 'wechat' }),
          });
        },
        onResponse: (status, body, context) => {
          if (status !== 200) return;
          const order = (JSON.parse(body) as { data: { order: { id: number; orderNo: string } } }).data.order;
          context.orderId = order.id;
          context.orderNo = order.orderNo;
        },
      },
      {
        // A failed order leaves no number: the notification then goes to one that does not exist and counts as an error.
        next: (n, context) => ({
          method: 'POST',
          path: `${API}/sandbox/checkout/${String(context.orderNo ?? 'missing0')}`,
          headers: client(n),
          body: JSON.stringify({ result: 'success' }),
        }),
      },
      {
        next: (n, context) => asMember(context.buyer as Member, n, { path: `/client/orders/${Number(context.orderId ?? 0)}` }),
      },
    ],
  };
}
