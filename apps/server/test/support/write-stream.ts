import { randomBytes } from 'node:crypto';
import { API_BASE } from '@drama/contracts';

/** The answer to one call: status and JSON body, or `lost` when no answer came (the server died). */
export type Outcome = { lost: false; status: number; body: { success: boolean; data?: unknown } } | { lost: true };

/**
 * An owner's API token on a server process, made the way an operator starts: the bootstrap token
 * makes an operator and issues their token (it may make no other admin call itself).
 */
export async function ownerApiToken(baseUrl: string, bootstrapToken: string): Promise<string> {
  const username = `stream-${randomBytes(4).toString('hex')}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${API_BASE}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bootstrapToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { token?: string } };
  };
  await post('/admin/operators', { username, role: 'owner' });
  const issued = await post(`/admin/operators/${username}/tokens`, { name: 'stream', role: 'owner' });
  return issued.data.token ?? '';
}

/** Calls the API of a server process; a call the server never answers ends as `lost`, never hangs. `adminToken` is an operator's API token. */
export function apiCaller(baseUrl: string, adminToken: string) {
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { token?: string; admin?: boolean; body?: unknown } = {},
  ): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.admin) headers.authorization = `Bearer ${adminToken}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetch(`${baseUrl}${API_BASE}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      return { lost: false, status: response.status, body: JSON.parse(text) as { success: boolean; data?: unknown } };
    } catch {
      return { lost: true };
    }
  }

  /** A call that must succeed (set-up and checks): its data, or an error naming the call. */
  async function data<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
    const outcome = await call(method, path, options);
    if (outcome.lost || outcome.status >= 300) {
      throw new Error(`${method} ${path}: ${outcome.lost ? 'no answer' : `${outcome.status} ${JSON.stringify(outcome.body)}`}`);
    }
    return outcome.body.data as T;
  }

  /** Every item of a paged list. */
  async function all<T>(path: string, token: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const result = await data<{ items: T[]; total: number }>('GET', `${path}${separator}page=${page}&limit=100`, { token });
      items.push(...result.items);
      if (items.length >= result.total || result.items.length === 0) return items;
    }
    throw new Error(`${path}: more than 20 pages`);
  }

  return { call, data, all };
}

export interface Member {
  id: number;
  token: string;
}

export async function signUpMember(api: ReturnType<typeof apiCaller>): Promise<Member> {
  const session = await api.data<{ token: string; user: { id: number } }>('POST', '/client/auth/sign-up', {
    body: { username: `crash_${randomBytes(5).toString('hex')}`, password: 'secret-pass-1' },
  });
  return { id: session.user.id, token: session.token };
}

/**
 * What a stream of writes was told. An answered success is a promise the server made; a call
 * in flight when the server died may or may not have been applied, so it is kept apart.
 */
export class Acknowledged {
  /** Orders the member was told were made, with the last status they were told. */
  readonly orders = new Map<number, { userId: number; orderNo: string; status: string }>();
  /** Ledger rows the member was shown. */
  readonly ledger = new Map<number, { userId: number; amount: number }>();
  /** The operator's grants the server answered, by the reference of the ledger row each writes (`console:<adjustment id>`). */
  readonly grants = new Map<string, { userId: number; amount: number }>();
  /** The state last answered for a key (like, favourite, progress), and a state in flight. */
  readonly states = new Map<string, { answered?: unknown; inFlight?: unknown }>();
  count = 0;

  answered(key: string, value: unknown): void {
    this.states.set(key, { answered: value });
    this.count += 1;
  }

  sending(key: string, value: unknown): void {
    this.states.set(key, { ...this.states.get(key), inFlight: value });
  }

  /** The call in flight was answered with a refusal: nothing changed. */
  refused(key: string): void {
    const state = this.states.get(key);
    if (state) this.states.set(key, 'answered' in state ? { answered: state.answered } : {});
  }

  /** What a key may hold now: the last answered state (else `initial`), or the one in flight when the server died. */
  allowed(key: string, initial: unknown): unknown[] {
    const state = this.states.get(key) ?? {};
    const values: unknown[] = ['answered' in state ? state.answered : initial];
    if ('inFlight' in state) values.push(state.inFlight);
    return values;
  }
}
