import { STORAGE_KEYS } from '@drama/contracts';
import type { Driver } from './driver';

/*
 * The main journeys, written once for every engine: home, the player with an MP4 and an HLS
 * drama (subtitles on screen, a swipe to the next episode), explore, sign-up, a sandbox VIP
 * purchase, settings, then every other page of the app once. A step fails on a wrong screen;
 * the run fails on any problem the page or the browser reported along the way.
 */

interface VideoFacts {
  src: string;
  currentTime: number;
  readyState: number;
  paused: boolean;
  frames: number;
  buffered: Array<[number, number]>;
}

interface PlayerFacts {
  episode: string | null;
  status: string | null;
  video: VideoFacts | null;
  subtitle: string | null;
  nativeHls: string;
}

export interface Catalogue {
  /** A drama whose episodes are MP4 files, and its first episode. */
  mp4: { drama: number; episode: number };
  /** A drama whose episodes are HLS ladders, its first two free episodes and a locked one. */
  hls: { drama: number; episodes: [number, number]; locked: number };
}

export interface JourneyContext {
  driver: Driver;
  catalogue: Catalogue;
  /** Answers the sandbox checkout at this address, as the phone that scanned the QR code would. */
  pay(checkoutAddress: string): Promise<void>;
  note(line: string): void;
}

const ROUTES = [
  '/category',
  '/search',
  '/profile',
  '/history',
  '/favorites',
  '/orders',
  '/points',
  '/points/tasks',
  '/points/mall',
  '/points/records',
  '/redeem',
  '/feedback',
  '/support',
  '/about',
  '/legal/agreement',
  '/legal/privacy',
  '/settings/language',
  '/settings/change-password',
  '/settings/bind-email',
];

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let failure: unknown = null;
  for (;;) {
    try {
      last = await read();
      failure = null;
      if (ok(last)) return last;
    } catch (error) {
      // A read during a navigation may find no page probe yet.
      failure = error;
    }
    if (Date.now() > deadline) {
      const seen = failure ? String(failure) : JSON.stringify(last);
      throw new Error(`${what}: not so after ${timeout / 1000} s; last seen ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const path = (driver: Driver) => driver.call<string>('path');

async function settled(driver: Driver): Promise<void> {
  await waitFor('the page settles', () => driver.call<boolean>('settled'), Boolean);
}

/** The episode plays for real: its source is on screen, time moves on, frames were decoded. */
async function expectPlaying(driver: Driver, episode: number): Promise<PlayerFacts> {
  const player = () => driver.call<PlayerFacts>('player');
  await waitFor(`episode ${episode} is the player's`, player, (facts) => facts.episode === String(episode));
  const started = await waitFor(
    `episode ${episode} plays`,
    player,
    (facts) => facts.status === 'playing' && !!facts.video && facts.video.src !== '' && !facts.video.paused,
    25_000,
  );
  const from = started.video!.currentTime;
  return waitFor(
    `episode ${episode}'s time moves on from ${from.toFixed(2)} s with frames`,
    player,
    (facts) => !!facts.video && facts.video.currentTime > from + 0.3 && facts.video.frames !== 0,
    20_000,
  );
}

export async function runJourney({ driver, catalogue, pay, note }: JourneyContext): Promise<void> {
  const step = async (name: string, body: () => Promise<void>) => {
    const started = Date.now();
    try {
      await body();
    } catch (error) {
      throw new Error(`[${driver.engine}] ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    note(`  ok  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };

  await step('home', async () => {
    await driver.goto('/');
    await driver.call('seed', {
      [STORAGE_KEYS.language]: 'en-US',
      [STORAGE_KEYS.theme]: 'dark',
      // The first-visit swipe hint would cover the player.
      player_swipe_hint_seen: '1',
    });
    await driver.goto('/');
    await waitFor('the page is in English', () => driver.call<string | null>('attribute', 'html', 'lang'), (lang) => lang === 'en-US');
    const cards = '[data-testid="hot-ranking"] [data-testid="drama-card"]';
    await waitFor('the hot ranking lists dramas', () => driver.call<number>('count', cards), (count) => count >= 3);
    await waitFor('the first cover has loaded', () => driver.call<boolean>('imageLoaded', `${cards} img`), Boolean);
    await waitFor('the carousel has a slide', () => driver.call<number>('count', '[data-testid="featured-slide"]'), (count) => count > 0);
  });

  await step('player, MP4', async () => {
    const { drama, episode } = catalogue.mp4;
    await driver.goto(`/player/${drama}`);
    const facts = await expectPlaying(driver, episode);
    if (!facts.video!.src.includes(`/media/episodes/${episode}/video.mp4`)) throw new Error(`plays ${facts.video!.src}`);
  });

  await step('player, HLS with subtitles and a swipe to the next episode', async () => {
    const { drama, episodes } = catalogue.hls;
    await driver.goto(`/player/${drama}`);
    const facts = await expectPlaying(driver, episodes[0]);
    const src = facts.video!.src;
    const firstData = facts.video!.buffered[0]?.[0] ?? 0;
    note(
      `      HLS through ${src.startsWith('blob:') ? 'hls.js (Media Source Extensions)' : `the browser's own player (${src})`}; canPlayType(HLS) = '${facts.nativeHls}'; data from ${firstData.toFixed(4)} s`,
    );
    const subtitle = await waitFor('a subtitle shows', () => driver.call<string | null>('text', '[data-testid="subtitle"]'), (text) => !!text);
    note(`      subtitle on screen: "${subtitle}"`);
    // Bare picture, left of the side buttons and above the title.
    const view = await driver.call<{ width: number; height: number }>('viewport');
    const input = await driver.swipe({ x: Math.round(view.width * 0.3), y: Math.round(view.height * 0.45) }, -Math.round(view.height * 0.35));
    note(`      swipe: ${input}`);
    await expectPlaying(driver, episodes[1]);
  });

  await step('explore', async () => {
    await driver.goto('/explore');
    const feed = () => driver.call<{ drama: string | null; video: VideoFacts | null }>('feed');
    const first = await waitFor('a drama plays in the feed', feed, (facts) => !!facts.video && facts.video.readyState >= 2 && !facts.video.paused, 25_000);
    const from = first.video!.currentTime;
    await waitFor('its time moves on', feed, (facts) => !!facts.video && facts.video.currentTime > from + 0.3, 20_000);
  });

  const username = `eng_${driver.engine.slice(0, 2)}${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  await step('sign-up', async () => {
    await driver.goto('/auth/sign-up');
    const password = 'Engines-2024!';
    await driver.type('input[name="username"]', username);
    await driver.type('input[name="password"]', password);
    await driver.type('input[name="confirmPassword"]', password);
    await driver.type('input[name="email"]', `${username.toLowerCase()}@example.com`);
    await driver.click('input[name="agreed"]');
    await driver.click('[data-testid="sign-up-form"] button[type="submit"]');
    await waitFor('the account is signed in', () => driver.call<string | null>('storage', STORAGE_KEYS.token), Boolean);
    await waitFor('sign-up is left', () => path(driver), (where) => !where.startsWith('/auth/'));
    const user = await driver.call<string | null>('storage', STORAGE_KEYS.userInfo);
    if (!user?.includes(username)) throw new Error(`signed in as ${user}`);
  });

  await step('sandbox VIP purchase', async () => {
    await driver.goto('/membership');
    await driver.click('[data-testid="plan-month"]');
    await waitFor('the month is chosen', () => driver.call<string | null>('attribute', '[data-testid="plan-month"]', 'aria-checked'), (value) => value === 'true');
    await driver.click('[data-testid="channel-alipay"]');
    await waitFor('Alipay is chosen', () => driver.call<string | null>('attribute', '[data-testid="channel-alipay"]', 'aria-checked'), (value) => value === 'true');
    await driver.click('[data-testid="membership-continue"]');
    await waitFor('the checkout opens', () => path(driver), (where) => where.startsWith('/membership/payment?plan=month&channel=alipay'));
    await driver.click('[data-testid="checkout-pay"]');
    await waitFor('the order is made', () => path(driver), (where) => /^\/payment\?orderId=\d+$/.test(where));
    // A phone pays on itself; the QR code these journeys scan is behind "Show QR code".
    if ((await driver.call<number>('count', '[data-testid="show-qr"]')) > 0) await driver.click('[data-testid="show-qr"]');
    const address = await waitFor(
      'the QR code holds the checkout address',
      () => driver.call<string | null>('attribute', '[data-testid="payment-qr"]', 'data-qr-content'),
      (value) => !!value && /\/sandbox\/checkout\/[A-Za-z0-9]+$/.test(value),
    );
    await pay(address!);
    await waitFor('the payment is seen', () => path(driver), (where) => where.startsWith('/payment/result?orderId='), 25_000);
    await waitFor('it succeeded', () => driver.call<string | null>('text', '[data-testid="result-title"]'), (text) => text === 'Payment successful');
    await waitFor(
      'the kept user info knows of the VIP',
      () => driver.call<string | null>('storage', STORAGE_KEYS.userInfo),
      (info) => (JSON.parse(info ?? '{}') as { vipLevel?: number }).vipLevel! > 0,
    );
    // A locked HLS episode now plays, through its signed playlist.
    await driver.goto(`/player/${catalogue.hls.drama}?episode=${catalogue.hls.locked}`);
    await expectPlaying(driver, catalogue.hls.locked);
  });

  await step('settings', async () => {
    await driver.goto('/settings');
    const toggle = '[data-testid="setting-notifications-updates"]';
    const before = await waitFor('the switch shows', () => driver.call<string | null>('attribute', toggle, 'aria-checked'), (value) => value !== null);
    await driver.click(toggle);
    await waitFor('the switch turns', () => driver.call<string | null>('attribute', toggle, 'aria-checked'), (value) => value !== before);
    await driver.goto('/settings');
    await waitFor('the choice is kept', () => driver.call<string | null>('attribute', toggle, 'aria-checked'), (value) => value !== before);
  });

  // A list left as soon as it has loaded, while its covers still come in: nothing of the
  // abandoned loads may be reported as an error (Firefox reports an intercepted load a page
  // abandons as the service worker's error).
  await step('pages left while their covers and code load (8 times)', async () => {
    for (let round = 0; round < 8; round += 1) {
      await driver.goto('/category');
      await driver.goto('/search');
    }
  });

  await step(`every other page (${ROUTES.length})`, async () => {
    for (const route of ROUTES) {
      await driver.goto(route);
      await settled(driver);
    }
  });
}
