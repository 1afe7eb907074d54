import {
  apiPaths,
  consoleFeedbackListResponseSchema,
  consoleFeedbackResponseSchema,
  FEEDBACK_LIMITS,
  feedbackListResponseSchema,
  feedbackResponseSchema,
  uploadResponseSchema,
} from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { accountClient, TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminApiToken } from '../support/admin-auth.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { tinyPng, upload } from '../support/images.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
const api = accountClient(t);

const member = () => buildUser(t.database.db, t.ctx.tokens);

async function screenshot(token: string): Promise<{ id: number; url: string }> {
  return okData(await upload(t, token, { filename: 's.png', contentType: 'image/png', data: tinyPng() }), uploadResponseSchema);
}

async function send(token: string, body: Record<string, unknown>) {
  return okData(await api.call('POST', apiPaths.feedback(), { token, body }), feedbackResponseSchema);
}

async function admin(method: 'GET' | 'POST', route: string, body?: unknown) {
  return api.call(method, route, { token: await adminApiToken(t, 'support'), body });
}

describe('sending feedback', () => {
  it('stores it as pending, with the trimmed text, the contact and the member’s screenshots', async () => {
    const { token } = await member();
    const first = await screenshot(token);
    const second = await screenshot(token);
    const sent = await send(token, {
      type: 'bug',
      content: '   The player freezes on episode 3.   ',
      contact: ' reader@example.com ',
      screenshotIds: [second.id, first.id],
    });
    expect(sent).toMatchObject({
      type: 'bug',
      content: 'The player freezes on episode 3.',
      contact: 'reader@example.com',
      status: 'pending',
      replies: [],
      screenshots: [
        { id: second.id, url: second.url },
        { id: first.id, url: first.url },
      ],
    });
    const read = await api.call('GET', apiPaths.feedbackItem(sent.id), { token });
    expect(feedbackResponseSchema.parse(read.body).data).toEqual(sent);
  });

  it('needs a signed-in member', async () => {
    api.refused(await api.call('POST', apiPaths.feedback(), { body: { type: 'general', content: 'hello there' } }), 401, 'UNAUTHORIZED');
    api.refused(await api.call('GET', apiPaths.feedback()), 401, 'UNAUTHORIZED');
  });

  it('validates type, content length (after trimming), contact and the number of screenshots', async () => {
    const { token } = await member();
    const shots = await Promise.all([screenshot(token), screenshot(token), screenshot(token), screenshot(token)]);
    const bodies: Array<Record<string, unknown>> = [
      { type: 'complaint', content: 'a valid content' },
      { content: 'a valid content' },
      { type: 'general', content: 'abcd' },
      { type: 'general', content: '   abcd    ' },
      { type: 'general', content: 'x'.repeat(FEEDBACK_LIMITS.contentMax + 1) },
      { type: 'general' },
      { type: 'general', content: 'a valid content', contact: 'c'.repeat(FEEDBACK_LIMITS.contactMax + 1) },
      { type: 'general', content: 'a valid content', screenshotIds: shots.map((shot) => shot.id) },
      { type: 'general', content: 'a valid content', screenshotIds: ['one'] },
    ];
    for (const body of bodies) {
      api.refused(await api.call('POST', apiPaths.feedback(), { token, body }), 400, 'VALIDATION_FAILED');
    }
    // The edges are fine.
    await send(token, { type: 'general', content: 'abcde' });
    await send(token, { type: 'other', content: 'y'.repeat(FEEDBACK_LIMITS.contentMax), screenshotIds: shots.slice(0, 3).map((s) => s.id) });
  });

  it('refuses a screenshot that is someone else’s upload, or none at all (UPLOAD_NOT_FOUND), storing nothing', async () => {
    const owner = await member();
    const intruder = await member();
    const theirs = await screenshot(owner.token);
    const mine = await screenshot(intruder.token);
    for (const ids of [[theirs.id], [mine.id, theirs.id], [2_000_000]]) {
      const details = api.refused(
        await api.call('POST', apiPaths.feedback(), {
          token: intruder.token,
          body: { type: 'account', content: 'look at this one', screenshotIds: ids },
        }),
        400,
        'UPLOAD_NOT_FOUND',
      );
      expect(details.ids).toEqual(ids.filter((id) => id !== mine.id));
    }
    const count = await t.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', intruder.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('allows FEEDBACK_PER_HOUR items an hour per member, then 429 with retryAfter', async () => {
    const { token } = await member();
    const other = await member();
    const limit = t.ctx.config.FEEDBACK_PER_HOUR;
    expect(limit).toBe(5);
    for (let index = 0; index < limit; index += 1) {
      await send(token, { type: 'suggestion', content: `idea number ${index}` });
    }
    const details = api.refused(
      await api.call('POST', apiPaths.feedback(), { token, body: { type: 'suggestion', content: 'one idea too many' } }),
      429,
      'RATE_LIMITED',
    );
    expect(details.retryAfter).toBeGreaterThan(3500);
    expect(details.retryAfter).toBeLessThanOrEqual(3600);
    await send(other.token, { type: 'suggestion', content: 'someone else is fine' });
  });

  it('counts parallel sends against the limit too', async () => {
    const { token } = await member();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        api.call('POST', apiPaths.feedback(), { token, body: { type: 'general', content: `parallel ${index}` } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });
});

describe('a member’s feedback history', () => {
  it('lists only their own, newest first, filtered by status; another member’s item is 404', async () => {
    const alice = await member();
    const bob = await member();
    const a1 = await send(alice.token, { type: 'vip', content: 'first from alice' });
    const a2 = await send(alice.token, { type: 'payment', content: 'second from alice' });
    const b1 = await send(bob.token, { type: 'general', content: 'only one from bob' });

    const list = feedbackListResponseSchema.parse((await api.call('GET', apiPaths.feedback(), { token: alice.token })).body).data;
    expect(list.items.map((item) => item.id)).toEqual([a2.id, a1.id]);
    expect(list.total).toBe(2);

    const paged = feedbackListResponseSchema.parse(
      (await api.call('GET', `${apiPaths.feedback()}?page=2&limit=1`, { token: alice.token })).body,
    ).data;
    expect(paged).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([a1.id]);

    api.refused(await api.call('GET', apiPaths.feedbackItem(b1.id), { token: alice.token }), 404, 'FEEDBACK_NOT_FOUND');
    api.refused(await api.call('GET', apiPaths.feedbackItem(2_000_000), { token: alice.token }), 404, 'FEEDBACK_NOT_FOUND');
    api.refused(await api.call('GET', `${apiPaths.feedback()}?status=open`, { token: alice.token }), 400, 'VALIDATION_FAILED');

    await admin('POST', apiPaths.consoleFeedbackReply(a1.id), { content: 'Thanks, fixed.' });
    const replied = feedbackListResponseSchema.parse(
      (await api.call('GET', `${apiPaths.feedback()}?status=replied`, { token: alice.token })).body,
    ).data;
    expect(replied.items.map((item) => item.id)).toEqual([a1.id]);
  });
});

describe('the operator’s answers', () => {
  it('a reply shows in the member’s history and makes the item replied; closing ends it', async () => {
    const { user, token } = await member();
    const shot = await screenshot(token);
    const sent = await send(token, { type: 'payment', content: 'I paid but got no VIP', screenshotIds: [shot.id] });

    const pending = consoleFeedbackListResponseSchema.parse((await admin('GET', `${apiPaths.consoleFeedback()}?status=pending`)).body).data;
    const listed = pending.items.find((item) => item.id === sent.id);
    expect(listed).toMatchObject({ member: { id: user.id, username: user.username }, status: 'pending' });
    expect(listed?.screenshots).toEqual([{ id: shot.id, url: shot.url }]);

    const reply = await admin('POST', apiPaths.consoleFeedbackReply(sent.id), { content: '  We have added your VIP days.  ' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(consoleFeedbackResponseSchema.parse(reply.body).data).toMatchObject({ status: 'replied' });

    const seen = feedbackResponseSchema.parse((await api.call('GET', apiPaths.feedbackItem(sent.id), { token })).body).data;
    expect(seen.status).toBe('replied');
    expect(seen.replies).toMatchObject([{ author: 'support', content: 'We have added your VIP days.' }]);
    expect(Date.parse(seen.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.updatedAt));

    await admin('POST', apiPaths.consoleFeedbackReply(sent.id), { content: 'Anything else?' });
    const shown = consoleFeedbackResponseSchema.parse((await admin('GET', apiPaths.consoleFeedbackItem(sent.id))).body).data;
    expect(shown.replies.map((r) => r.content)).toEqual(['We have added your VIP days.', 'Anything else?']);

    const closed = await admin('POST', apiPaths.consoleFeedbackClose(sent.id));
    expect(consoleFeedbackResponseSchema.parse(closed.body).data.status).toBe('closed');
    const after = feedbackResponseSchema.parse((await api.call('GET', apiPaths.feedbackItem(sent.id), { token })).body).data;
    expect(after.status).toBe('closed');
    expect(after.replies).toHaveLength(2);

    api.refused(await admin('POST', apiPaths.consoleFeedbackReply(sent.id), { content: 'too late' }), 409, 'FEEDBACK_CLOSED');
    // Closing again changes nothing.
    expect((await admin('POST', apiPaths.consoleFeedbackClose(sent.id))).status).toBe(200);
  });

  it('can close pending feedback without replying', async () => {
    const { token } = await member();
    const sent = await send(token, { type: 'other', content: 'never mind, sorted' });
    await admin('POST', apiPaths.consoleFeedbackClose(sent.id));
    const seen = feedbackResponseSchema.parse((await api.call('GET', apiPaths.feedbackItem(sent.id), { token })).body).data;
    expect(seen).toMatchObject({ status: 'closed', replies: [] });
  });

  it('answers 404 for unknown feedback and 400 for an empty reply', async () => {
    const { token } = await member();
    const sent = await send(token, { type: 'general', content: 'hello support' });
    api.refused(await admin('POST', apiPaths.consoleFeedbackReply(2_000_000), { content: 'hi' }), 404, 'FEEDBACK_NOT_FOUND');
    api.refused(await admin('POST', apiPaths.consoleFeedbackClose(2_000_000)), 404, 'FEEDBACK_NOT_FOUND');
    api.refused(await admin('GET', apiPaths.consoleFeedbackItem(2_000_000)), 404, 'FEEDBACK_NOT_FOUND');
    api.refused(await admin('POST', apiPaths.consoleFeedbackReply(sent.id), { content: '   ' }), 400, 'VALIDATION_FAILED');
    api.refused(await admin('GET', `${apiPaths.consoleFeedback()}?status=done`), 400, 'VALIDATION_FAILED');
  });

  it('needs an operator of a role that answers feedback', async () => {
    const { token } = await member();
    const sent = await send(token, { type: 'general', content: 'hello support' });
    const calls = [
      ['GET', apiPaths.consoleFeedback(), undefined],
      ['GET', apiPaths.consoleFeedbackItem(sent.id), undefined],
      ['POST', apiPaths.consoleFeedbackReply(sent.id), { content: 'hi' }],
      ['POST', apiPaths.consoleFeedbackClose(sent.id)],
    ] as const;
    const content = await adminApiToken(t, 'content');
    for (const [method, route, body] of calls) {
      for (const bearer of [undefined, token, 'not-an-operator-token', TEST_ADMIN_TOKEN]) {
        api.refused(await api.call(method, route, { token: bearer, body }), 401, 'OPERATOR_UNAUTHENTICATED');
      }
      api.refused(await api.call(method, route, { token: content, body }), 403, 'OPERATOR_FORBIDDEN');
    }
    const seen = feedbackResponseSchema.parse((await api.call('GET', apiPaths.feedbackItem(sent.id), { token })).body).data;
    expect(seen).toMatchObject({ status: 'pending', replies: [] });
  });
});
