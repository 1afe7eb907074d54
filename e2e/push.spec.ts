import { readFileSync } from 'node:fs';
import { API_BASE, apiPaths, feedbackResponseSchema, pushPayloadSchema } from '@drama/contracts';
import type { CDPSession, Page } from '@playwright/test';
import { type PushStandIn, type ReceivedPush, startPushStandIn } from '../apps/server/test/support/push-stand-in';
import { createAccount, operatorHeaders } from './accounts';
import { expect, test } from './fixtures';
import { clickControl, dramaDetail, expectPlaying, openAs } from './player-support';

/*
 * Web Push end to end. Debian's Chromium has no push service it can reach here, so the page's
 * PushManager hands out a subscription at a local stand-in of a push service whose device keys
 * the test holds; everything else is real: the app asks after a favourite and posts the
 * subscription, the server encrypts and signs the push with web-push and sends it to the
 * stand-in, which verifies and decrypts it as a browser's push service and browser would, and
 * the decrypted message reaches the service worker through Chromium's own push delivery (CDP
 * ServiceWorker.deliverPushMessage), which shows the notification.
 */

const DRAMA = 1;

let standIn: PushStandIn;
test.beforeAll(async () => {
  standIn = await startPushStandIn();
});
test.afterAll(async () => {
  await standIn?.close();
});

/** Replaces PushManager's subscribe with one at the stand-in (the keys are the stand-in's device keys). */
async function useStandInPushManager(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript(({ endpoint, keys }) => {
    const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    // Kept for the tab, as a browser keeps a subscription across page loads.
    const KEPT = 'e2e-push-subscription-key';
    const make = (applicationServerKey: ArrayBuffer) =>
      ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: (name: PushEncryptionKeyName) => bytes(name === 'p256dh' ? keys.p256dh : keys.auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEPT);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const view = key instanceof ArrayBuffer ? new Uint8Array(key) : key && typeof key !== 'string' ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : new Uint8Array();
      sessionStorage.setItem(KEPT, btoa(String.fromCharCode(...view)));
      (window as unknown as { __pushSubscribed: number }).__pushSubscribed = ((window as unknown as { __pushSubscribed?: number }).__pushSubscribed ?? 0) + 1;
      return make(view.slice().buffer);
    };
    PushManager.prototype.getSubscription = async () => {
      const kept = sessionStorage.getItem(KEPT);
      return kept === null ? null : make(Uint8Array.from(atob(kept), (c) => c.charCodeAt(0)).buffer);
    };
    PushManager.prototype.permissionState = async () => 'granted';
  }, subscription);
}

/** The id of the app's service worker registration, as CDP's ServiceWorker domain names it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
}

function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as { target: string; noticeId: number } }));
  });
}

test('a favourite asks for pushes, and a reply to the member’s feedback reaches the service worker as a notification that opens it; signing out removes the device', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const device = standIn.subscriber();
  await context.grantPermissions(['notifications'], { origin });
  await useStandInPushManager(page, device);
  const member = await createAccount(request);
  const auth = { Authorization: `Bearer ${member.token}` };

  const first = (await dramaDetail(request, DRAMA)).episodes[0]!;
  await openAs(page, { session: member });
  await page.goto(`/player/${DRAMA}?episode=${first.id}`);
  await expectPlaying(page, first.id);
  // The worker registers after load in production builds; asking needs it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(await page.evaluate(() => (window as unknown as { __pushSubscribed?: number }).__pushSubscribed ?? 0)).toBe(0);

  const subscribed = page.waitForResponse((response) => response.url().endsWith(`${API_BASE}${apiPaths.pushSubscriptions()}`) && response.request().method() === 'POST');
  await clickControl(page, 'action-favorite');
  await expect(page.getByTestId('action-favorite')).toHaveAttribute('aria-pressed', 'true');
  expect((await subscribed).status()).toBe(200);

  // Something the member will be told about: an operator replies to their feedback.
  const feedback = feedbackResponseSchema.parse(
    await (await request.post(`${API_BASE}${apiPaths.feedback()}`, { headers: auth, data: { type: 'bug', content: 'The subtitles are late in episode 2.' } })).json(),
  ).data;
  const pushed = new Promise<ReceivedPush>((resolve) => {
    standIn.onPush = (push) => {
      if (push.subscriber === device.id) resolve(push);
    };
  });
  const reply = await request.post(`${API_BASE}${apiPaths.consoleFeedbackReply(feedback.id)}`, {
    headers: await operatorHeaders(request),
    data: { content: 'Fixed in the next release, thank you.' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const push = await pushed;
  expect(standIn.refused).toEqual([]);
  const payload = pushPayloadSchema.parse(JSON.parse(push.text));
  expect(payload).toMatchObject({ kind: 'feedback-reply', values: { feedbackId: feedback.id }, target: `/feedback/${feedback.id}`, locale: 'en-US' });

  // Chromium's own push delivery hands the decrypted message to the app's service worker, once.
  // A registration is ready while its worker may still be activating; a push handed over before
  // its activation could be dropped, so the delivery waits until the worker is activated: then
  // it is the worker that handles pushes, and one delivery is one notification.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) throw new Error('a ready registration has an active worker');
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp, origin);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: push.text });
  await expect.poll(async () => (await notifications(page)).length).toBe(1);
  const [shown] = await notifications(page);
  expect(shown).toMatchObject({
    tag: `notice-${payload.id}`,
    data: { target: `/feedback/${feedback.id}`, noticeId: payload.id },
  });
  expect(shown!.icon).toMatch(/\/icons\/icon-192\.png$/);
  // Written from the app's dictionary in the device's language, never the raw code.
  const texts = (JSON.parse(readFileSync(new URL('../apps/web/src/shared/i18n/locales/en-US.json', import.meta.url), 'utf8')) as {
    notices: { kinds: Record<string, { title: string; body: string }> };
  }).notices.kinds['feedback-reply']!;
  expect(shown).toMatchObject({ title: texts.title, body: texts.body });

  // Its target is the reply's screen.
  await page.goto(shown!.data.target);
  await expect(page.getByTestId('feedback-reply')).toContainText('Fixed in the next release');

  // Signing out takes the device off the member: the server forgets it and the browser drops it.
  const unsubscribed = page.waitForResponse((response) => response.url().includes(`${API_BASE}${apiPaths.pushSubscriptions()}?endpoint=`) && response.request().method() === 'DELETE');
  await page.goto('/settings');
  await page.getByTestId('sign-out').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  expect(await (await unsubscribed).json()).toEqual({ success: true, data: { removed: true } });
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBeNull();
});
