import {
  API_BASE,
  apiPaths,
  type ConsoleFeedback,
  consoleFeedbackListResponseSchema,
  consoleFeedbackPaths,
  consoleFeedbackResponseSchema,
  feedbackAssigneeListResponseSchema,
  feedbackCountResponseSchema,
  feedbackResponseSchema,
  type OperatorRole,
  uploadResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { tinyPng, upload } from '../support/images.js';
import { buildOperator, type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const member = accountClient(t);
const CONSOLE = `${API_BASE}/console`;

let support: ConsoleCaller;
let owner: ConsoleCaller;

beforeAll(async () => {
  support = await consoleAs(t, 'support');
  owner = await consoleAs(t, 'owner');
});

type Method = 'GET' | 'POST' | 'PUT';

async function consoleCall(method: Method, url: string, payload?: unknown, caller: ConsoleCaller = support) {
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: caller.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function item(id: number, caller: ConsoleCaller = support): Promise<ConsoleFeedback> {
  return okData(await consoleCall('GET', consoleFeedbackPaths.item(id), undefined, caller), consoleFeedbackResponseSchema);
}

/** A new member sends an item (with a screenshot when asked); returns the member and the item's id. */
async function sent(options: { type?: string; screenshot?: boolean } = {}) {
  const who = await buildUser(t.database.db, t.ctx.tokens);
  const shots = options.screenshot
    ? [okData(await upload(t, who.token, { filename: 's.png', contentType: 'image/png', data: tinyPng() }), uploadResponseSchema)]
    : [];
  const body = { type: options.type ?? 'bug', content: 'The player stops on episode 3.', contact: 'me@example.com', screenshotIds: shots.map((shot) => shot.id) };
  const created = okData(await member.call('POST', apiPaths.feedback(), { token: who.token, body }), feedbackResponseSchema);
  return { who, id: created.id, shots };
}

async function count(caller: ConsoleCaller = support) {
  return okData(await consoleCall('GET', consoleFeedbackPaths.count(), undefined, caller), feedbackCountResponseSchema);
}

async function auditActions(id: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_type', '=', 'feedback')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('roles', () => {
  it('lets support and the owner in, and refuses content and finance on every inbox call', async () => {
    const { id } = await sent();
    for (const role of ['support', 'owner'] as const) {
      const caller = role === 'support' ? support : owner;
      expect((await consoleCall('GET', consoleFeedbackPaths.list(), undefined, caller)).status).toBe(200);
      expect((await item(id, caller)).id).toBe(id);
    }
    for (const role of ['content', 'finance'] satisfies OperatorRole[]) {
      const caller = await consoleAs(t, role);
      const calls: Array<[Method, string, unknown?]> = [
        ['GET', consoleFeedbackPaths.list()],
        ['GET', consoleFeedbackPaths.count()],
        ['GET', consoleFeedbackPaths.assignees()],
        ['GET', consoleFeedbackPaths.item(id)],
        ['POST', consoleFeedbackPaths.reply(id), { content: 'Hello' }],
        ['POST', consoleFeedbackPaths.close(id)],
        ['POST', consoleFeedbackPaths.reopen(id)],
        ['PUT', consoleFeedbackPaths.assignee(id), { operatorId: caller.operator.id }],
      ];
      for (const [method, url, payload] of calls) {
        const answer = await consoleCall(method, url, payload ?? (method === 'GET' ? undefined : {}), caller);
        expect({ role, url, status: answer.status, body: answer.body }).toMatchObject({ status: 403, body: { success: false, code: 'OPERATOR_FORBIDDEN' } });
      }
    }
    expect((await item(id)).status).toBe('pending');
    expect(await auditActions(id)).toEqual([]);
  });

  it('refuses a call without a session', async () => {
    const response = await t.server.inject({ method: 'GET', url: `${CONSOLE}${consoleFeedbackPaths.list()}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'OPERATOR_UNAUTHENTICATED' });
  });
});

describe('the inbox', () => {
  it('shows the member, text, contact and screenshots, which an operator can open', async () => {
    const { who, id, shots } = await sent({ screenshot: true });
    const detail = await item(id);
    expect(detail).toMatchObject({
      id,
      type: 'bug',
      status: 'pending',
      content: 'The player stops on episode 3.',
      contact: 'me@example.com',
      member: { id: who.user.id, username: who.user.username, nickname: null },
      screenshots: [{ id: shots[0]?.id, url: shots[0]?.url }],
      replies: [],
      assignee: null,
    });
    const image = await t.server.inject({ method: 'GET', url: detail.screenshots[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('filters by status, type and assignee, and pages', async () => {
    const payment = await sent({ type: 'payment' });
    const account = await sent({ type: 'account' });
    await sent({ type: 'account' });
    const list = async (query: string) =>
      okData(await consoleCall('GET', `${consoleFeedbackPaths.list()}?${query}`), consoleFeedbackListResponseSchema);

    const payments = await list('type=payment&status=pending');
    expect(payments.items.map((entry) => entry.id)).toContain(payment.id);
    expect(payments.items.every((entry) => entry.type === 'payment' && entry.status === 'pending')).toBe(true);

    const page = await list('type=account&limit=1&page=1');
    expect(page).toMatchObject({ page: 1, limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const oldest = await list('type=account&limit=1&order=asc');
    expect(oldest.items[0]?.id).toBeLessThan(page.items[0]?.id ?? 0);

    await consoleCall('PUT', consoleFeedbackPaths.assignee(account.id), { operatorId: support.operator.id });
    const mine = await list('assignee=me');
    expect(mine.items.map((entry) => entry.id)).toEqual([account.id]);
    expect((await list(`assignee=${support.operator.id}`)).items.map((entry) => entry.id)).toEqual([account.id]);
    expect((await list('assignee=none&type=account')).items.map((entry) => entry.id)).not.toContain(account.id);
    expect((await list('status=closed&type=payment')).items.map((entry) => entry.id)).not.toContain(payment.id);
  });

  it('refuses bad filters with the validation envelope', async () => {
    for (const query of ['status=open', 'type=complaint', 'assignee=someone', 'page=0', 'limit=500', 'order=up']) {
      const answer = await consoleCall('GET', `${consoleFeedbackPaths.list()}?${query}`);
      expect({ query, status: answer.status, body: answer.body }).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_FAILED' } });
    }
    member.refused(await consoleCall('GET', consoleFeedbackPaths.item(987_654)), 404, 'FEEDBACK_NOT_FOUND');
    member.refused(await consoleCall('GET', '/feedback/abc'), 400, 'VALIDATION_FAILED');
  });
});

describe('replying', () => {
  it('answers the member, who reads it through the viewers’ API; audited, assigned to the replier', async () => {
    const { who, id } = await sent();
    const answered = okData(
      await consoleCall('POST', consoleFeedbackPaths.reply(id), { content: '  We fixed it: update the app.  ' }),
      consoleFeedbackResponseSchema,
    );
    expect(answered).toMatchObject({
      status: 'replied',
      replies: [{ author: 'support', content: 'We fixed it: update the app.' }],
      assignee: { id: support.operator.id, username: support.operator.username },
    });
    const seen = okData(await member.call('GET', apiPaths.feedbackItem(id), { token: who.token }), feedbackResponseSchema);
    expect(seen).toMatchObject({ status: 'replied', replies: [{ author: 'support', content: 'We fixed it: update the app.' }] });
    const history = await member.call('GET', apiPaths.feedback(), { token: who.token });
    expect(history.body).toMatchObject({ data: { items: [{ id, status: 'replied' }] } });
    expect(await auditActions(id)).toEqual(['feedback.reply']);
    const [row] = await t.ctx.db.selectFrom('audit_log').selectAll().where('target_type', '=', 'feedback').where('target_id', '=', String(id)).execute();
    expect(row).toMatchObject({ operator_id: support.operator.id, role: 'support', via: 'session' });
  });

  it('validates the answer', async () => {
    const { id } = await sent();
    for (const body of [{}, { content: '' }, { content: '   ' }, { content: 'x'.repeat(1001) }, { content: 12 }]) {
      member.refused(await consoleCall('POST', consoleFeedbackPaths.reply(id), body), 400, 'VALIDATION_FAILED');
    }
    member.refused(await consoleCall('POST', consoleFeedbackPaths.reply(987_654), { content: 'Hello' }), 404, 'FEEDBACK_NOT_FOUND');
    expect(await auditActions(id)).toEqual([]);
  });

  it('is not something a stranger can do through the viewers’ API, nor read another member’s item', async () => {
    const { id } = await sent();
    const stranger = await buildUser(t.database.db, t.ctx.tokens);
    const replied = await member.call('POST', `${apiPaths.feedbackItem(id)}/reply`, { token: stranger.token, body: { content: 'Me too' } });
    expect(replied.status).toBe(404);
    expect(replied.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    member.refused(await member.call('GET', apiPaths.feedbackItem(id), { token: stranger.token }), 404, 'FEEDBACK_NOT_FOUND');
    expect((await item(id)).replies).toEqual([]);
  });
});

describe('closing, reopening and assigning', () => {
  it('closes (refusing replies), reopens to what it was, each change audited once', async () => {
    const { who, id } = await sent();
    expect(okData(await consoleCall('POST', consoleFeedbackPaths.close(id)), consoleFeedbackResponseSchema).status).toBe('closed');
    // Closing again changes nothing and writes nothing.
    expect(okData(await consoleCall('POST', consoleFeedbackPaths.close(id)), consoleFeedbackResponseSchema).status).toBe('closed');
    member.refused(await consoleCall('POST', consoleFeedbackPaths.reply(id), { content: 'Late answer' }), 409, 'FEEDBACK_CLOSED');
    expect(okData(await member.call('GET', apiPaths.feedbackItem(id), { token: who.token }), feedbackResponseSchema).status).toBe('closed');

    expect(okData(await consoleCall('POST', consoleFeedbackPaths.reopen(id)), consoleFeedbackResponseSchema).status).toBe('pending');
    okData(await consoleCall('POST', consoleFeedbackPaths.reply(id), { content: 'Answered after all' }), consoleFeedbackResponseSchema);
    await consoleCall('POST', consoleFeedbackPaths.close(id), undefined, owner);
    expect(okData(await consoleCall('POST', consoleFeedbackPaths.reopen(id), undefined, owner), consoleFeedbackResponseSchema).status).toBe('replied');
    // Reopening an open item changes nothing.
    expect(okData(await consoleCall('POST', consoleFeedbackPaths.reopen(id)), consoleFeedbackResponseSchema).status).toBe('replied');
    expect(await auditActions(id)).toEqual(['feedback.close', 'feedback.reopen', 'feedback.reply', 'feedback.close', 'feedback.reopen']);
    member.refused(await consoleCall('POST', consoleFeedbackPaths.close(987_654)), 404, 'FEEDBACK_NOT_FOUND');
    member.refused(await consoleCall('POST', consoleFeedbackPaths.reopen(987_654)), 404, 'FEEDBACK_NOT_FOUND');
  });

  it('assigns to an active support operator or owner from the list, unassigns, and refuses anyone else', async () => {
    const { id } = await sent();
    const other = await consoleAs(t, 'support');
    const content = await buildOperator(t, 'content');
    const disabled = await buildOperator(t, 'support');
    await t.ctx.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();

    const assignees = okData(await consoleCall('GET', consoleFeedbackPaths.assignees()), feedbackAssigneeListResponseSchema).items;
    const ids = assignees.map((entry) => entry.id);
    expect(ids).toEqual(expect.arrayContaining([support.operator.id, owner.operator.id, other.operator.id]));
    expect(ids).not.toContain(content.id);
    expect(ids).not.toContain(disabled.id);
    expect(assignees.every((entry) => entry.role === 'support' || entry.role === 'owner')).toBe(true);

    const assigned = okData(await consoleCall('PUT', consoleFeedbackPaths.assignee(id), { operatorId: other.operator.id }), consoleFeedbackResponseSchema);
    expect(assigned.assignee).toEqual({ id: other.operator.id, username: other.operator.username });
    // The same assignee again writes nothing; replying keeps the assignee.
    await consoleCall('PUT', consoleFeedbackPaths.assignee(id), { operatorId: other.operator.id });
    const answered = okData(await consoleCall('POST', consoleFeedbackPaths.reply(id), { content: 'On it' }), consoleFeedbackResponseSchema);
    expect(answered.assignee?.id).toBe(other.operator.id);

    for (const operatorId of [content.id, disabled.id, 987_654]) {
      member.refused(await consoleCall('PUT', consoleFeedbackPaths.assignee(id), { operatorId }), 400, 'FEEDBACK_ASSIGNEE_INVALID');
    }
    for (const body of [{}, { operatorId: 'x' }, { operatorId: 0 }]) {
      member.refused(await consoleCall('PUT', consoleFeedbackPaths.assignee(id), body), 400, 'VALIDATION_FAILED');
    }
    member.refused(await consoleCall('PUT', consoleFeedbackPaths.assignee(987_654), { operatorId: null }), 404, 'FEEDBACK_NOT_FOUND');

    const unassigned = okData(await consoleCall('PUT', consoleFeedbackPaths.assignee(id), { operatorId: null }), consoleFeedbackResponseSchema);
    expect(unassigned.assignee).toBeNull();
    expect(await auditActions(id)).toEqual(['feedback.assign', 'feedback.reply', 'feedback.assign']);
  });
});

describe('the unanswered count', () => {
  it('counts pending items, all and the caller’s, as replies, closing and assigning change them', async () => {
    const before = await count();
    const first = await sent();
    const second = await sent();
    expect(await count()).toEqual({ unanswered: before.unanswered + 2, unansweredMine: before.unansweredMine });

    await consoleCall('PUT', consoleFeedbackPaths.assignee(first.id), { operatorId: support.operator.id });
    expect(await count()).toEqual({ unanswered: before.unanswered + 2, unansweredMine: before.unansweredMine + 1 });
    expect((await count(owner)).unansweredMine).toBe(0);

    await consoleCall('POST', consoleFeedbackPaths.reply(first.id), { content: 'Done' });
    await consoleCall('POST', consoleFeedbackPaths.close(second.id));
    expect(await count()).toEqual(before);
    await consoleCall('POST', consoleFeedbackPaths.reopen(second.id));
    expect((await count()).unanswered).toBe(before.unanswered + 1);
  });
});
