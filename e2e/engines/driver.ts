/**
 * What the journey needs of a browser, implemented once per engine (firefox.ts, webkit.ts).
 * Reads of the page go through the page probe's `window.__engines` (page-probe.js), so the two
 * drivers share that code too.
 */
export interface Driver {
  readonly engine: 'firefox' | 'webkit';
  /** Opens a path of the site and waits for the page's load event. */
  goto(path: string): Promise<void>;
  /** Calls `window.__engines[name](...args)` in the page and returns its JSON result. */
  call<T>(name: string, ...args: unknown[]): Promise<T>;
  /** A real click (the driver's pointer input) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Types into a field with the driver's key input. */
  type(selector: string, text: string): Promise<void>;
  /**
   * A vertical finger swipe from `from` by `dy` pixels, with the engine's best input for it;
   * returns which input that was, for the report.
   */
  swipe(from: { x: number; y: number }, dy: number): Promise<string>;
  /** Problems the browser reported by its own means (beyond the page probe's). */
  browserProblems(): string[];
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export const PHONE = { width: 390, height: 844 };
