/*
 * The app's service worker. The build writes the list of the app shell's files and a version
 * into it (vite.config.ts, precacheManifest); each deploy therefore gets new cache names and
 * the old caches are deleted when the new worker takes over.
 *
 * Cached: the app shell (index.html, the built JS and CSS, icons, the offline page), covers and
 * avatars (both under names that change with their content), so a page opened offline shows them.
 * Never cached: the API, video, HLS playlists and segments, subtitles, uploads.
 *
 * Web Push: a push carries a notice's kind, values and target (no prose); the worker writes
 * the notification in the device's language from the notices' texts the build writes in below
 * (src/shared/push/sw-texts-plugin.ts), and a tap opens the notice's target in the app.
 */
/* global self, caches */
const VERSION = /* __SW_VERSION__ */ 'dev';
const PRECACHE = /* __SW_PRECACHE__ */ ['/index.html', '/offline.html'];

const SHELL_CACHE = `drama-shell-${VERSION}`;
const IMAGE_CACHE = `drama-images-${VERSION}`;
const KEEP = new Set([SHELL_CACHE, IMAGE_CACHE]);
const IMAGE_LIMIT = 200;
/** Pictures kept for offline: covers and their variants, and members' avatars. */
const IMAGE_PREFIXES = ['/media/covers/', '/media/avatars/'];
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
/** Per locale: { app: { name }, notices: the dictionaries' `notices` texts }. */
const PUSH_TEXTS = /* __SW_PUSH_TEXTS__ */ {};
const FALLBACK_LOCALE = 'en-US';
const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/icon-48.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEEP.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The settings page's "clear cache" (spec section 7) waits up to 3 s for this reply. */
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'CLEAR_CACHES') return;
  const reply = (message) => {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(message);
    else if (event.source) event.source.postMessage(message);
  };
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .then(
        () => reply({ type: 'CACHES_CLEARED', message: 'caches cleared' }),
        (error) => reply({ type: 'CACHES_CLEAR_FAILED', message: String(error) }),
      ),
  );
});

async function trimImages(cache) {
  const keys = await cache.keys();
  // Cache keys come back in insertion order: the oldest pictures go first.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - IMAGE_LIMIT)).map((key) => cache.delete(key)));
}

/**
 * The network, for a request the worker answers. A page that moves on cancels what it asked
 * for; that request is answered quietly, as nobody waits for it, rather than as a failure the
 * browser reports against the worker. Any other failure (offline) stays a network error.
 */
async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal && request.signal.aborted) return new Response(null, { status: 204 });
    throw error;
  }
}

/** Keeps a copy in the background: the answer never waits for, nor fails with, the cache write. */
function keep(event, cacheName, request, response) {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.put(request, response))
      .catch(() => undefined),
  );
}

/**
 * Keeps a copy of a picture the page is loading, unless one is kept. The copy is asked of the
 * browser's own cache, which the page's load fills (covers and avatars are cacheable under names
 * that change with their content), so a picture is downloaded once.
 */
async function keepPicture(request) {
  try {
    const cache = await caches.open(IMAGE_CACHE);
    if (await cache.match(request)) return;
    const response = await fetch(request.url, { cache: 'force-cache', credentials: 'same-origin' });
    if (!response.ok || response.type !== 'basic') return;
    await cache.put(request.url, response);
    await trimImages(cache);
  } catch {
    // Not kept this time (the browser went offline, or the storage is full): the next load tries.
  }
}

/** A kept picture, else an unreachable image (504), so the page's own fallback shows. */
async function pictureOffline(request) {
  const kept = await caches.match(request, { cacheName: IMAGE_CACHE }).catch(() => undefined);
  return kept || new Response(null, { status: 504, statusText: 'Gateway Timeout' });
}

async function shellFirst(event) {
  const { request } = event;
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fromNetwork(request);
  // Hashed build files never change under one name: keep the ones a lazy route loaded late.
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    keep(event, SHELL_CACHE, request, response.clone());
  }
  return response;
}

async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL);
    if (shell) return shell;
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // API and media addresses opened directly are not the app.
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/') || url.pathname.startsWith('/sandbox/')) return;
    event.respondWith(navigate(request));
    return;
  }
  if (IMAGE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
    // Online, the browser loads pictures itself and the worker keeps a copy: an intercepted load
    // that its page abandons (a list left while its covers come in) is reported by Firefox as the
    // worker's error, whatever the worker answers and however fast. Offline, the copy answers.
    if (self.navigator.onLine) event.waitUntil(keepPicture(request));
    else event.respondWith(pictureOffline(request));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/') || url.pathname.startsWith('/uploads/')) return;
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(shellFirst(event));
  }
});

function lookup(tree, key) {
  let node = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

/** `{{name}}` values and `_one` / `_other` plural forms, as the app's translator has them. */
function translate(locale, tree, key, values) {
  const count = typeof values.count === 'number' ? values.count : typeof values.daysLeft === 'number' ? values.daysLeft : undefined;
  let text = lookup(tree, key);
  if (typeof text !== 'string' && count !== undefined) {
    text = lookup(tree, `${key}_${new Intl.PluralRules(locale).select(count)}`) ?? lookup(tree, `${key}_other`);
  }
  if (typeof text !== 'string') return undefined;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name) => (values[name] === undefined ? '' : String(values[name]))).trim();
}

/** The notification's title and body for a notice, in the locale the device subscribed with. */
function noticeText(notice) {
  const locale = PUSH_TEXTS[notice.locale] ? notice.locale : FALLBACK_LOCALE;
  const texts = PUSH_TEXTS[locale] || { app: { name: '' }, notices: {} };
  const values = { count: notice.values.daysLeft, ...notice.values };
  const camel = notice.kind.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
  const first = (keys) => keys.map((key) => translate(locale, texts.notices, key, values)).find((text) => text);
  const places = [`kinds.${notice.kind}`, `kinds.${camel}`, notice.kind, camel];
  const title = first(places.map((place) => `${place}.title`)) || first(['title']) || texts.app.name;
  const body = first(places.flatMap((place) => [`${place}.body`, place])) || '';
  return { title, body };
}

/** A target inside this app only: a push can never send the member elsewhere. */
function safeTarget(target) {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  const url = new URL(target, self.location.origin);
  return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
}

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.kind !== 'string' || typeof notice.values !== 'object' || notice.values === null) return;
  const { title, body } = noticeText(notice);
  const target = safeTarget(notice.target);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      // One notification per notice: the same notice pushed twice replaces itself.
      tag: `notice-${notice.id}`,
      lang: notice.locale,
      timestamp: Date.parse(notice.createdAt) || Date.now(),
      data: { target, noticeId: notice.id, kind: notice.kind },
    }),
  );
});

/** A tap opens the notice's screen: in an open window of the app if there is one, else in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = safeTarget(event.notification.data && event.notification.data.target);
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        try {
          return await (focused || open).navigate(url);
        } catch {
          // A window this worker does not control cannot be navigated: open the screen beside it.
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});

