import { spawn, type ChildProcess } from 'node:child_process';
import { remote } from 'webdriverio';
import { PHONE, type Driver } from './driver';

/**
 * Debian's WebKitGTK: its WebDriver (webkit2gtk-driver's WebKitWebDriver, classic W3C
 * WebDriver) started here under xvfb-run, driving the MiniBrowser that libwebkit2gtk ships.
 * webdriverio only talks to that driver: given a hostname and port it starts and downloads
 * nothing. GStreamer's GL video sink needs a GPU that Xvfb does not have, hence
 * WEBKIT_GST_DISABLE_GL_SINK.
 */
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function waitForDriver(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start within 20 s');
}

export async function openWebKit(origin: string, port: number): Promise<Driver> {
  // Its own process group, so that closing ends Xvfb, the driver and the browser together.
  const driverProcess = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, WEBKIT_GST_DISABLE_GL_SINK: '1' },
  });
  let driverLog = '';
  driverProcess.stderr?.on('data', (chunk: Buffer) => {
    driverLog = (driverLog + chunk.toString()).slice(-4000);
  });
  const stopDriver = () => {
    if (driverProcess.exitCode === null && driverProcess.pid) {
      try {
        process.kill(-driverProcess.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  try {
    await waitForDriver(`http://127.0.0.1:${port}`, driverProcess);
  } catch (error) {
    stopDriver();
    throw new Error(`${String(error)}\n${driverLog}`);
  }

  let browser: WebdriverIO.Browser;
  try {
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'warn',
      connectionRetryCount: 0,
      // A command that takes a minute means a hung browser: fail the run rather than wait.
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks classic WebDriver only.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          // Safari's own rule: autoplay only without sound, so the app's muted start is tested.
          args: ['--automation', '--autoplay-policy=allow-without-sound'],
        },
      } as WebdriverIO.Capabilities,
    });
  } catch (error) {
    stopDriver();
    throw error;
  }
  // The window, toolbar included; MiniBrowser keeps a minimum width of its own (about 450 px),
  // still a phone layout.
  await browser.setWindowSize(PHONE.width, PHONE.height);

  return {
    engine: 'webkit',
    async goto(path) {
      await browser.url(`${origin}${path}`);
    },
    async call<T>(name: string, ...args: unknown[]) {
      const script = `return window.__engines[${JSON.stringify(name)}](...${JSON.stringify(args)});`;
      return (await browser.execute(script)) as T;
    },
    async click(selector) {
      const element = await browser.$(selector);
      await element.waitForClickable({ timeout: 10_000 });
      await element.click();
    },
    async type(selector, text) {
      // Element Send Keys: WebDriver's own typing into the field, key by key.
      const element = await browser.$(selector);
      await element.waitForClickable({ timeout: 10_000 });
      await element.click();
      await element.addValue(text);
    },
    async swipe(from, dy) {
      // WebKitGTK has no touch input: a touch pointer would arrive as a mouse anyway (checked),
      // so the drag is said as it arrives, with W3C pointer actions.
      const steps = 6;
      let action = browser.action('pointer', { parameters: { pointerType: 'mouse' } }).move({ x: from.x, y: from.y }).down();
      for (let step = 1; step <= steps; step += 1) {
        action = action.move({ x: from.x, y: Math.round(from.y + (dy * step) / steps), duration: 16 });
      }
      await action.up().perform();
      return 'W3C pointer actions, pointerType mouse (WebKitGTK has no touch input)';
    },
    browserProblems: () => [],
    async screenshot(file) {
      await browser.saveScreenshot(file);
    },
    async close() {
      try {
        await browser.deleteSession();
      } finally {
        stopDriver();
      }
    },
  };
}
