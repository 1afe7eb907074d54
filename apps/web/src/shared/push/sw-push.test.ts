import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { LOCALES, NOTICE_KINDS, noticeTarget, type NoticeKind } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { pushTexts } from './sw-texts-plugin';

/** Sample values of each kind, as the notices module makes them. */
const VALUES: Record<NoticeKind, Record<string, string | number>> = {
  'new-episode': { dramaId: 3, episodeId: 41, sequence: 7 },
  'feedback-reply': { feedbackId: 12 },
  'vip-ending': { daysLeft: 3, expiresAt: '2026-12-01T00:00:00.000Z' },
  'order-result': { orderId: 9, status: 'success' },
  'redeem-result': { kind: 'vip', value: 30 },
};

interface Shown {
  title: string;
  options: { body: string; tag: string; icon: string; data: { target: string } };
}

type Listener = (event: unknown) => void;

/** The built worker (texts written in as the build does), run with a stand-in `self`. */
function loadWorker() {
  const source = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8').replace(
    /\/\* __SW_PUSH_TEXTS__ \*\/ \{\}/,
    () => JSON.stringify(pushTexts()),
  );
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const windows: Array<{ url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }> = [];
  const self = {
    location: new URL('https://app.example.com/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: Shown['options']) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
      claim: async () => undefined,
    },
  };
  runInNewContext(source, { self, caches: {}, fetch, URL, Response, Intl, console, Date });
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  const push = (payload: unknown) => dispatch('push', { data: { json: () => payload } });
  const click = (target: unknown) => dispatch('notificationclick', { notification: { close: () => undefined, data: { target } } });
  const openWindow = (url: string) =>
    windows.push({ url, focus: async () => undefined, navigate: async (to: string) => void navigated.push(to) });
  return { shown, opened, navigated, push, click, openWindow };
}

describe('the service worker’s push notifications', () => {
  it('write every kind of notice in each locale from the dictionaries, with the notice’s tag and target', async () => {
    const worker = loadWorker();
    for (const locale of LOCALES) {
      for (const kind of NOTICE_KINDS) {
        const values = VALUES[kind];
        await worker.push({ v: 1, id: 5, kind, values, target: noticeTarget(kind, values), locale, createdAt: '2026-11-28T08:00:00.000Z' });
        const { title, options } = worker.shown.at(-1)!;
        expect(title, `${locale} ${kind}`).not.toBe('');
        // Once the dictionaries hold the notices' texts, every kind has a body in every locale.
        if (Object.keys(pushTexts()[locale]?.notices ?? {}).length > 0) expect(options.body, `${locale} ${kind}`).not.toBe('');
        expect(`${title} ${options.body}`).not.toMatch(/\{\{|notices\.|kinds\.|undefined/);
        expect(options).toMatchObject({ tag: 'notice-5', icon: '/icons/icon-192.png', data: { target: noticeTarget(kind, values) } });
      }
    }
  });

  it('keep a tap inside the app, in an open window or a new one', async () => {
    const worker = loadWorker();
    await worker.push({ v: 1, id: 6, kind: 'feedback-reply', values: {}, target: '//evil.example.com/x', locale: 'en-US', createdAt: '' });
    expect(worker.shown[0]?.options.data.target).toBe('/');
    await worker.click('https://evil.example.com/');
    expect(worker.opened).toEqual(['https://app.example.com/']);
    worker.openWindow('https://app.example.com/profile');
    await worker.click('/feedback/12');
    expect(worker.navigated).toEqual(['https://app.example.com/feedback/12']);
  });

  it('show nothing for a push that is not a notice', async () => {
    const worker = loadWorker();
    await worker.push(null);
    await worker.push({ kind: 3 });
    expect(worker.shown).toEqual([]);
  });
});
