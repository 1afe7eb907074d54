import { beforeEach, describe, expect, it } from 'vitest';
import {
  FEED_SESSION_KEY,
  forgetSeen,
  hiddenOnOpen,
  markShown,
  readFeedSession,
  rememberSound,
  visibleItems,
} from './feed-session';

function installSessionStorage(): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
  Object.assign(globalThis, { window: { sessionStorage: storage } });
  return data;
}

const item = (id: number) => ({ drama: { id }, episode: { episodeId: id * 100 } });

let data: Map<string, string>;
beforeEach(() => {
  data = installSessionStorage();
});

describe('the feed session', () => {
  it('remembers each drama shown once, and the one on screen', () => {
    markShown(3);
    markShown(7);
    markShown(3);
    expect(readFeedSession()).toEqual({ seen: [3, 7], current: 3, sound: false });
  });

  it('hides what was seen when the feed opens again, except the drama that was on screen', () => {
    markShown(1);
    markShown(2);
    markShown(5);
    expect([...hiddenOnOpen(readFeedSession())].sort()).toEqual([1, 2]);
  });

  it('keeps the sound choice, also across "start over"', () => {
    rememberSound(true);
    markShown(4);
    forgetSeen();
    expect(readFeedSession()).toEqual({ seen: [], current: null, sound: true });
  });

  it('starts empty when nothing or something of the wrong shape is stored', () => {
    expect(readFeedSession()).toEqual({ seen: [], current: null, sound: false });
    data.set(FEED_SESSION_KEY, '{"seen":"all"}');
    expect(readFeedSession()).toEqual({ seen: [], current: null, sound: false });
    data.set(FEED_SESSION_KEY, 'not json');
    expect(readFeedSession().seen).toEqual([]);
  });
});

describe('visibleItems', () => {
  it('keeps the order of the pages and shows a drama once even when the server repeats it', () => {
    const pages = [{ items: [item(1), item(2), item(3)] }, { items: [item(3), item(4), item(1), item(5)] }];
    expect(visibleItems(pages, new Set()).map((entry) => entry.drama.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out hidden dramas', () => {
    const pages = [{ items: [item(1), item(2)] }, { items: [item(3), item(4)] }];
    expect(visibleItems(pages, new Set([2, 3])).map((entry) => entry.drama.id)).toEqual([1, 4]);
  });
});
