import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate } from './translator';

const dictionary = {
  greeting: 'Hello, {{name}}',
  nested: { deeper: { leaf: 'Leaf' } },
  episodes_one: '{{count}} episode',
  episodes_other: '{{count}} episodes',
  only_other: '{{count}} 集',
  twice: '{{a}} and {{a}}, {{ b }}',
};

describe('createTranslator', () => {
  const t = createTranslator('en-US', dictionary);

  it('looks keys up by their dotted path', () => {
    expect(t('nested.deeper.leaf')).toBe('Leaf');
  });

  it('fills every placeholder and leaves unknown ones as written', () => {
    expect(t('greeting', { name: 'Ada' })).toBe('Hello, Ada');
    expect(t('twice', { a: 1, b: 0 })).toBe('1 and 1, 0');
    expect(t('greeting')).toBe('Hello, {{name}}');
  });

  it('chooses the plural form by the language', () => {
    expect(t('episodes', { count: 1 })).toBe('1 episode');
    expect(t('episodes', { count: 0 })).toBe('0 episodes');
    expect(t('episodes', { count: 12 })).toBe('12 episodes');
    const zh = createTranslator('zh-CN', dictionary);
    expect(zh('episodes', { count: 1 })).toBe('1 episodes');
  });

  it('falls back to the other form when the language has no form of its own', () => {
    expect(t('only', { count: 1 })).toBe('1 集');
  });

  it('shows a missing key or a branch as the key itself', () => {
    expect(t('nested.missing')).toBe('nested.missing');
    expect(t('nested.deeper')).toBe('nested.deeper');
    expect(t('greeting.too.deep')).toBe('greeting.too.deep');
  });
});

describe('interpolate', () => {
  it('does not read placeholders out of the values it inserts', () => {
    expect(interpolate('{{a}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}');
  });
});
