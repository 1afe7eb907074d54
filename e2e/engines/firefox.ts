import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { PHONE, type Driver } from './driver';

/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi: no driver and no browser
 * download, a fresh profile per run, headless.
 */
/**
 * A shell file the page asked for (a route's preload, an icon) and gave up on when the journey
 * moved to the next page: Firefox reports the interrupted interception of such a load as a page
 * error, naming it. (Pictures are not intercepted while online, so nothing else is forgiven: an
 * error naming no address fails the run.) What a page needs and cannot load still fails its
 * step, by what the step then checks on screen.
 */
function abandonedLoad(message: string, origin: string): boolean {
  const found = /^Failed to load ‘(.*)’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/.exec(message);
  if (!found) return false;
  const url = found[1] ?? '';
  // Only what the worker answers: the shell's files (build, icons); never the API.
  return url.startsWith(`${origin}/`) && !url.startsWith(`${origin}/api/`);
}

export async function openFirefox(origin: string): Promise<Driver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    protocol: 'webDriverBiDi',
    headless: true,
    extraPrefsFirefox: {
      // Nothing of the run should reach out: no updates, studies or telemetry pings.
      'app.update.enabled': false,
      'app.normandy.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
    },
  });
  const page: Page = await browser.newPage();
  await page.setViewport(PHONE);
  const problems: string[] = [];
  page.on('pageerror', (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (!abandonedLoad(message, origin)) problems.push(`page error: ${message} (on ${page.url()})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()} (on ${page.url()})`);
  });

  return {
    engine: 'firefox',
    async goto(path) {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    },
    async call<T>(name: string, ...args: unknown[]) {
      const script = `window.__engines[${JSON.stringify(name)}](...${JSON.stringify(args)})`;
      return (await page.evaluate(script)) as T;
    },
    async click(selector) {
      // A locator waits until the element is there, visible, enabled and still.
      await page.locator(selector).setTimeout(10_000).click();
    },
    async type(selector, text) {
      await page.locator(selector).setTimeout(10_000).click();
      await page.keyboard.type(text);
    },
    async swipe(from, dy) {
      // A finger: BiDi's touch pointer, which Firefox turns into touch and pointer events.
      const steps = 6;
      const touch = await page.touchscreen.touchStart(from.x, from.y);
      for (let step = 1; step <= steps; step += 1) await touch.move(from.x, from.y + (dy * step) / steps);
      await touch.end();
      return 'touch (WebDriver BiDi input.performActions, pointerType touch)';
    },
    browserProblems: () => problems,
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async close() {
      await browser.close();
    },
  };
}
