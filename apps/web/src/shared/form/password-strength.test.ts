import { describe, expect, it } from 'vitest';
import { strengthModel } from './password-strength';

describe('password strength meter', () => {
  it('shows nothing for an empty password', () => {
    expect(strengthModel('')).toBeNull();
  });

  it.each([
    ['abc12', 'weak', 1],
    ['abcdefgh', 'weak', 1],
    ['123456', 'weak', 1],
    ['password', 'weak', 1],
    ['aaaaaaaaaa', 'weak', 1],
    ['abc123', 'weak', 1],
    ['owl2024x', 'medium', 2],
    ['drama2024', 'medium', 2],
    ['Drama2024', 'strong', 3],
    ['drama-24', 'strong', 3],
    ['Drama-2024!', 'veryStrong', 4],
    ['Midnight-Train-2024', 'veryStrong', 4],
  ] as const)('rates %j as %s', (password, level, score) => {
    expect(strengthModel(password)).toEqual({ level, score, label: `password.${level}` });
  });
});
