import { describe, expect, it } from 'vitest';
import { LEAVING_MS, reloadOnStaleBuild } from './reload-on-stale-build';

function fakeWindow() {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  let clock = 1_000_000;
  const reloads: number[] = [];
  Object.assign(target, {
    sessionStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) },
    location: { reload: () => reloads.push(clock) },
  });
  reloadOnStaleBuild(target as EventTarget & Parameters<typeof reloadOnStaleBuild>[0], () => clock);
  const chunkFails = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return {
    reloads,
    chunkFails,
    leave: () => target.dispatchEvent(new Event('beforeunload')),
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

describe('reloading on a chunk of an older build', () => {
  it('reloads once, and again only after a minute', () => {
    const page = fakeWindow();
    expect(page.chunkFails()).toBe(true);
    expect(page.reloads).toHaveLength(1);
    page.wait(59_000);
    expect(page.chunkFails()).toBe(false);
    expect(page.reloads).toHaveLength(1);
    page.wait(2_000);
    expect(page.chunkFails()).toBe(true);
    expect(page.reloads).toHaveLength(2);
  });

  it('leaves alone the chunks a page being left gives up on, so the person goes where they asked', () => {
    const page = fakeWindow();
    page.leave();
    page.wait(10);
    expect(page.chunkFails()).toBe(false);
    expect(page.reloads).toHaveLength(0);
  });

  it('takes a page that stayed after beforeunload (a link into another app) as staying', () => {
    const page = fakeWindow();
    page.leave();
    page.wait(LEAVING_MS + 1);
    expect(page.chunkFails()).toBe(true);
    expect(page.reloads).toHaveLength(1);
  });
});
