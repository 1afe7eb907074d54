import {
  apiPaths,
  type pushKeyResponseSchema,
  type pushSubscribeResponseSchema,
  type pushUnsubscribeResponseSchema,
} from '@drama/contracts';
import { api } from '../api/api';
import { unchecked } from '../api/api-client';
import { currentLocale } from '../i18n/i18n';
import { getSession, isLoggedIn } from '../session/session-store';
import { readString, removeKey, writeString } from '../storage/local-storage';

/** Set once the member was asked and did not allow notifications: never asked again on this device. */
export const PUSH_REFUSED_KEY = 'push_refused';
/** The member, endpoint and language last handed to the server, so a favourite does not repeat it. */
const PUSH_SENT_KEY = 'push_subscription_sent';

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, if the app has one (production builds only; never waits for one). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) return undefined;
  // Subscribing needs an active worker; a fresh registration gets there in a moment.
  return found.active ? found : navigator.serviceWorker.ready;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return text === publicKey;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function subscribe(reg: ServiceWorkerRegistration, userId: number): Promise<void> {
  const { publicKey } = await api.get(apiPaths.pushKey(), { schema: unchecked<typeof pushKeyResponseSchema>() });
  let subscription = await reg.pushManager.getSubscription();
  // Made with another server key (the key was changed): push services would refuse our pushes.
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  const locale = currentLocale();
  const sent = `${userId} ${locale} ${subscription.endpoint}`;
  if (readString(PUSH_SENT_KEY) === sent) return;
  await api.post(apiPaths.pushSubscriptions(), {
    schema: unchecked<typeof pushSubscribeResponseSchema>(),
    body: { endpoint: subscription.endpoint, keys: json.keys, locale },
  });
  writeString(PUSH_SENT_KEY, sent);
}

let running: Promise<void> | null = null;

/**
 * Offers Web Push after a member has shown interest (favourited a drama, opened the bell),
 * never on first load: asks for permission once (a refusal, or closing the prompt, is kept and
 * never asked again), then subscribes this device with the server's VAPID key and hands the
 * subscription to the server, in this device's language. Quiet on any failure: pushes are a
 * bonus, the action that called this has already succeeded.
 */
export function requestPushOnce(): Promise<void> {
  running ??= (async () => {
    const session = getSession();
    if (!isLoggedIn(session) || !session.user || !supported()) return;
    if (readString(PUSH_REFUSED_KEY) || Notification.permission === 'denied') return;
    const reg = await registration();
    if (!reg) return;
    if (Notification.permission === 'default') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        writeString(PUSH_REFUSED_KEY, new Date().toISOString());
        return;
      }
    }
    await subscribe(reg, session.user.id);
  })()
    .catch((error: unknown) => console.warn('[push] subscribing failed', error))
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * At sign-out, while the token still works: the server forgets this device for the member and
 * the browser drops the subscription, so the next person on the device gets none of theirs.
 */
export async function unsubscribePush(): Promise<void> {
  try {
    if (!supported()) return;
    const reg = await navigator.serviceWorker.getRegistration();
    const subscription = await reg?.pushManager.getSubscription();
    removeKey(PUSH_SENT_KEY);
    if (!subscription) return;
    await api
      .delete(`${apiPaths.pushSubscriptions()}?endpoint=${encodeURIComponent(subscription.endpoint)}`, { schema: unchecked<typeof pushUnsubscribeResponseSchema>() })
      .catch((error: unknown) => console.warn('[push] the server kept the subscription', error));
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('[push] unsubscribing failed', error);
  }
}
