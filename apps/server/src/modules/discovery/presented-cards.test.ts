import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsWrittenJson, serialise, WrittenJson } from '../../platform/json-fragments.js';
import { presentDrama } from '../catalogue/presenters.js';
import { type CardRow, PresentedCards } from './presented-cards.js';

function row(id: number, title = `剧 ${id}`, views = id * 10): CardRow {
  return {
    id,
    slug: `drama-${id}`,
    title: { 'zh-CN': title, 'zh-Hant': `${title}（繁）`, 'en-US': `Drama ${id} “quoted”` },
    description: { 'zh-CN': `第${id}部，\n换行与 "引号"`, 'zh-Hant': '描述', 'en-US': 'A description' },
    cover_path: `cover-${id}.jpg`,
    category_id: 1,
    category_slug: 'romance',
    category_name: { 'zh-CN': '爱情', 'zh-Hant': '愛情', 'en-US': 'Romance' },
    is_completed: id % 2 === 0,
    episode_count: 20,
    free_episode_count: 3,
    view_count: views,
    like_count: 7,
    favorite_count: 3,
    published_at: new Date(Date.UTC(2026, 0, 1 + (id % 300))),
    tags: [{ id: 4, slug: 'ceo', name: { 'zh-CN': '总裁', 'zh-Hant': '總裁', 'en-US': 'CEO' } }],
  };
}

const expected = (card: CardRow, locale: 'zh-CN' | 'zh-Hant' | 'en-US', mediaBase?: string) =>
  JSON.stringify(presentDrama(card, card.tags, locale, mediaBase));

describe('PresentedCards', () => {
  it('gives each card as the JSON of presentDrama, per locale', () => {
    const cards = new PresentedCards('https://cdn.example');
    const drama = row(1);
    for (const locale of ['zh-CN', 'zh-Hant', 'en-US'] as const) {
      const card = cards.card(drama, locale);
      expect(card).toBeInstanceOf(WrittenJson);
      expect(card.bytes.toString('utf8')).toBe(expected(drama, locale, 'https://cdn.example'));
      // As part of an answer: byte for byte what JSON.stringify gives for the card itself.
      expect(JSON.parse(JSON.stringify({ items: [card] }))).toEqual({ items: [JSON.parse(expected(drama, locale, 'https://cdn.example'))] });
    }
  });

  it('makes a card again for a changed drama (a new row), and keeps it for the same row', () => {
    const cards = new PresentedCards(undefined);
    const first = row(5);
    const kept = cards.card(first, 'zh-CN');
    expect(cards.card(first, 'zh-CN').bytes.toString()).toBe(kept.bytes.toString());
    const changed = row(5, '改过的标题', 999);
    expect(JSON.parse(cards.card(changed, 'zh-CN').bytes.toString())).toMatchObject({ title: '改过的标题', viewCount: 999 });
    // What was handed out before stays as it was.
    expect(JSON.parse(kept.bytes.toString())).toMatchObject({ title: '剧 5', viewCount: 50 });
  });

  it('stays right through growing and starting again, and never changes bytes already handed out', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 300 }), (visits) => {
        // A small shelf: a few dozen cards fill it, so it grows and starts again many times.
        const cards = new PresentedCards(undefined, 8 * 1024);
        const versions = new Map<string, CardRow>();
        const handedOut: [WrittenJson, string][] = [];
        for (const [id, version] of visits) {
          const key = `${id}:${version}`;
          let drama = versions.get(key);
          if (!drama) {
            drama = row(id, `剧 ${id} 第${version}版`, id * 10 + version);
            versions.set(key, drama);
          }
          const card = cards.card(drama, 'zh-CN');
          expect(card.bytes.toString()).toBe(expected(drama, 'zh-CN'));
          handedOut.push([card, card.bytes.toString()]);
        }
        for (const [card, bytes] of handedOut) expect(card.bytes.toString()).toBe(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('serialises an answer holding kept cards as JSON.stringify would', () => {
    const cards = new PresentedCards(undefined);
    const answer = holdsWrittenJson({ items: [row(1), row(2)].map((drama) => ({ drama: cards.card(drama, 'en-US'), episode: { id: drama.id } })), nextCursor: null });
    expect(serialise(answer).toString()).toBe(JSON.stringify(answer));
  });
});
