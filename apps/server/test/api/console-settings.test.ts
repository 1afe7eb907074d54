import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  consoleOutboxListResponseSchema,
  consolePaymentChannelsResponseSchema,
  consoleSettingsResponseSchema,
  OPERATOR_ROLES,
  type OperatorRole,
  systemSettingsResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxMessage } from '../../src/modules/messages/queries.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { channelKeys, liveChannelEnv } from '../support/payment-stand-ins.js';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app.js';

const t = useTestApp();
const CONSOLE = `${API_BASE}/console`;

const callers = new Map<OperatorRole, ConsoleCaller>();
const as = (role: OperatorRole) => callers.get(role) as ConsoleCaller;
beforeAll(async () => {
  for (const role of OPERATOR_ROLES) callers.set(role, await consoleAs(t, role));
});

async function call(role: OperatorRole, method: 'GET' | 'PATCH', url: string, payload?: unknown, app: TestApp = t, caller = as(role)) {
  const response = await app.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: caller.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body };
}

function refused(answer: { status: number; body: string }, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(apiErrorEnvelopeSchema.parse(JSON.parse(answer.body)).code).toBe(code);
}

async function viewerSettings(language: string) {
  const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.settings()}`, headers: { 'accept-language': language } });
  return systemSettingsResponseSchema.parse(response.json()).data;
}

/** Every value a secret could hide in: no key material or APIv3 key appears in an answer. */
function expectNoSecret(body: string, secrets: string[]) {
  for (const secret of secrets) expect(body).not.toContain(secret);
  expect(body).not.toMatch(/PRIVATE KEY|PUBLIC KEY/);
}

describe('console settings', () => {
  it('lets only the owner read and change the settings', async () => {
    for (const role of OPERATOR_ROLES) {
      const read = await call(role, 'GET', '/settings');
      const change = await call(role, 'PATCH', '/settings', { contact: `${role}@example.com` });
      if (role === 'owner') {
        expect(read.status).toBe(200);
        expect(change.status, change.body).toBe(200);
      } else {
        refused(read, 403, 'OPERATOR_FORBIDDEN');
        refused(change, 403, 'OPERATOR_FORBIDDEN');
      }
    }
  });

  it('refuses bad input with the envelope and a stable code, never a 500', async () => {
    const bad: unknown[] = [
      { followUsLink: 'http://example.com' },
      { unknownSetting: 'x' },
      { siteName: 42 },
      { translations: { fr: { userAgreement: 'x' } } },
      { translations: { 'en-US': { userAgreement: 7 } } },
      { followSystemTheme: 'yes' },
    ];
    for (const payload of bad) refused(await call('owner', 'PATCH', '/settings', payload), 400, 'VALIDATION_FAILED');
    const raw = await t.server.inject({ method: 'PATCH', url: `${CONSOLE}/settings`, headers: { ...as('owner').headers, 'content-type': 'application/json' }, payload: '{not json' });
    expect(raw.statusCode).toBe(400);
    apiErrorEnvelopeSchema.parse(raw.json());
  });

  it('audits a change with each value before and after, in the same write', async () => {
    const before = consoleSettingsResponseSchema.parse(JSON.parse((await call('owner', 'GET', '/settings')).body)).data;
    const answer = await call('owner', 'PATCH', '/settings', { siteName: 'Audited Drama', translations: { 'en-US': { privacyPolicy: 'Privacy, audited' } } });
    expect(answer.status, answer.body).toBe(200);
    const after = consoleSettingsResponseSchema.parse(JSON.parse(answer.body)).data;
    expect(after.siteName).toBe('Audited Drama');
    expect(after.translations['en-US'].privacyPolicy).toBe('Privacy, audited');
    expect(after.translations['zh-Hant']).toEqual(before.translations['zh-Hant']);
    const rows = await t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').orderBy('id', 'desc').limit(1).execute();
    expect(rows[0]).toMatchObject({
      role: 'owner',
      via: 'session',
      target_type: 'settings',
      before: { siteName: before.siteName, 'privacyPolicy@en-US': before.translations['en-US'].privacyPolicy === '' ? null : before.translations['en-US'].privacyPolicy },
      after: { siteName: 'Audited Drama', 'privacyPolicy@en-US': 'Privacy, audited' },
    });
  });

  it("shows a change in the viewers' settings at once, in each locale", async () => {
    await viewerSettings('en-US'); // warms the cache the change must clear
    const answer = await call('owner', 'PATCH', '/settings', {
      userAgreement: '用户协议 新版',
      translations: { 'zh-Hant': { userAgreement: '用戶協議 新版' }, 'en-US': { userAgreement: 'User agreement, new' } },
    });
    expect(answer.status, answer.body).toBe(200);
    expect((await viewerSettings('zh-CN')).userAgreement).toBe('用户协议 新版');
    expect((await viewerSettings('zh-Hant')).userAgreement).toBe('用戶協議 新版');
    expect((await viewerSettings('en-US')).userAgreement).toBe('User agreement, new');
    // An emptied locale falls back to the default locale's text.
    await call('owner', 'PATCH', '/settings', { translations: { 'en-US': { userAgreement: '' } } });
    expect((await viewerSettings('en-US')).userAgreement).toBe('用户协议 新版');
  });
});

describe('console payment channels', () => {
  it('lets the owner and finance read them, nobody else', async () => {
    for (const role of OPERATOR_ROLES) {
      const answer = await call(role, 'GET', '/payment-channels');
      if (role === 'owner' || role === 'finance') expect(answer.status).toBe(200);
      else refused(answer, 403, 'OPERATOR_FORBIDDEN');
    }
  });

  it('shows the sandbox standing in for both channels on a fresh configuration', async () => {
    const answer = await call('finance', 'GET', '/payment-channels');
    const data = consolePaymentChannelsResponseSchema.parse(JSON.parse(answer.body)).data;
    expect(data.sandboxEnabled).toBe(true);
    expect(data.items.map((item) => [item.id, item.mode, item.isDefault, item.identifiers.length])).toEqual([
      ['alipay', 'sandbox', true, 0],
      ['wechat', 'sandbox', false, 0],
    ]);
    expect(data.items[0]?.notifyUrl).toMatch(/\/api\/v1\/payments\/notify\/sandbox$/);
  });

  describe('with live merchant settings', () => {
    const keys = channelKeys();
    const env = liveChannelEnv(keys, 'http://127.0.0.1:9');
    let live: TestApp;
    beforeAll(async () => {
      live = await createTestApp(env);
    }, 60_000);
    afterAll(async () => {
      await live.close();
    });

    it('shows each channel live with masked ids and its notify address, and no secret', async () => {
      const owner = await consoleAs(live, 'owner');
      const answer = await call('owner', 'GET', '/payment-channels', undefined, live, owner);
      expect(answer.status, answer.body).toBe(200);
      const data = consolePaymentChannelsResponseSchema.parse(JSON.parse(answer.body)).data;
      expect(data.sandboxEnabled).toBe(false);
      expect(data.publicBaseUrl).toBe('https://pay.example.test');
      const [alipay, wechat] = data.items;
      expect(alipay).toMatchObject({ id: 'alipay', mode: 'live', isDefault: true, notifyUrl: 'https://pay.example.test/api/v1/payments/notify/alipay' });
      expect(wechat).toMatchObject({ id: 'wechat', mode: 'live', isDefault: false, notifyUrl: 'https://pay.example.test/api/v1/payments/notify/wechat' });
      expect(alipay?.identifiers).toEqual([{ name: 'appId', value: '2021********0001' }]);
      expect(wechat?.identifiers.map((item) => item.name)).toEqual(['mchId', 'appId']);
      const secrets = [
        keys.alipay.app.privateKey,
        keys.alipay.alipay.publicKey,
        keys.wechat.merchant.privateKey,
        keys.wechat.platform.publicKey,
        keys.wechat.apiV3Key,
        keys.wechat.serialNo,
        keys.alipay.appId,
        keys.wechat.mchId,
        keys.wechat.appId,
      ];
      expectNoSecret(answer.body, secrets.flatMap((secret) => [secret, ...secret.split('\n').filter((line) => line.length > 40)]));
      // Nor through the settings.
      expectNoSecret((await call('owner', 'GET', '/settings', undefined, live, owner)).body, [keys.wechat.apiV3Key]);
    });
  });
});

describe('console outbox', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i += 1) {
      await insertOutboxMessage(t.ctx.db, { channel: 'email', target: `reader${i}@example.com`, subject: 'Code', body: `Your code is 1234${String(i).padStart(2, '0')}.` });
    }
    await insertOutboxMessage(t.ctx.db, { channel: 'phone', target: '13800138000', subject: 'Code', body: 'Your code is 654321.' });
  });

  async function outbox(role: OperatorRole, query: string) {
    const answer = await call(role, 'GET', `/outbox${query}`);
    expect(answer.status, answer.body).toBe(200);
    return consoleOutboxListResponseSchema.parse(JSON.parse(answer.body)).data;
  }

  it('lets support and the owner read it, nobody else', async () => {
    for (const role of OPERATOR_ROLES) {
      const answer = await call(role, 'GET', '/outbox');
      if (role === 'owner' || role === 'support') expect(answer.status).toBe(200);
      else refused(answer, 403, 'OPERATOR_FORBIDDEN');
    }
  });

  it('lists newest first in pages, filtered by channel and part of the recipient', async () => {
    const first = await outbox('owner', '?limit=10');
    expect(first.items[0]).toMatchObject({ channel: 'phone', target: '13800138000' });
    const ids = first.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await outbox('owner', '?limit=10&page=2');
    expect(second.items[0]?.id).toBeLessThan(ids.at(-1) ?? 0);
    expect(second.total).toBe(first.total);

    const phones = await outbox('owner', '?channel=phone');
    expect(phones.items.every((item) => item.channel === 'phone')).toBe(true);
    const emails = await outbox('owner', '?channel=email&limit=100');
    expect(emails.total).toBe(first.total - phones.total);

    const search = await outbox('owner', '?q=READER2');
    expect(search.items.map((item) => item.target).sort()).toEqual(['reader2@example.com', ...Array.from({ length: 6 }, (_, i) => `reader${20 + i}@example.com`)].sort());
    expect((await outbox('owner', '?q=%25')).total).toBe(0);
  });

  it('masks the codes for support; the owner reads them', async () => {
    const owner = await outbox('owner', '?channel=phone');
    expect(owner.items[0]?.body).toBe('Your code is 654321.');
    const support = await outbox('support', '?channel=phone');
    expect(support.items[0]).toMatchObject({ target: '13800138000', body: 'Your code is ******.' });
  });

  it('keeps a code a member asked for through the viewers’ API', async () => {
    // A reset code goes only to a member's address (an unknown one is answered alike, and sent nothing).
    const signUp = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.signUp()}`,
      payload: { username: 'asker01', password: 'secret-123', email: 'asker@example.com' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const response = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.authCodes()}`,
      payload: { channel: 'email', target: 'asker@example.com', purpose: 'reset' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = await outbox('support', '?q=asker@');
    expect(found.items).toHaveLength(1);
    expect(found.items[0]?.channel).toBe('email');
  });

  it('refuses bad filters with the envelope', async () => {
    refused(await call('owner', 'GET', '/outbox?channel=fax'), 400, 'VALIDATION_FAILED');
    refused(await call('owner', 'GET', '/outbox?limit=1000'), 400, 'VALIDATION_FAILED');
    refused(await call('owner', 'GET', `/outbox?q=${'x'.repeat(300)}`), 400, 'VALIDATION_FAILED');
  });
});
