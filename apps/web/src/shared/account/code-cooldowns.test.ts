import { afterEach, describe, expect, it } from 'vitest';
import { cooldownKey, readCooldown, recordCooldown, resetCooldowns } from './code-cooldowns';

describe('code resend countdowns', () => {
  afterEach(resetCooldowns);
  const key = cooldownKey('reset', 'email', 'owl@example.com');

  it('count down from the server\'s resendAfter and keep remainingToday', () => {
    recordCooldown(key, 60, 9, 1_000_000);
    expect(readCooldown(key, 1_000_000)).toEqual({ secondsLeft: 60, remainingToday: 9 });
    expect(readCooldown(key, 1_000_000 + 59_001)).toEqual({ secondsLeft: 1, remainingToday: 9 });
    expect(readCooldown(key, 1_000_000 + 60_000)).toEqual({ secondsLeft: 0, remainingToday: 9 });
  });

  it('are kept per destination and purpose', () => {
    recordCooldown(key, 60, 9, 0);
    expect(readCooldown(cooldownKey('bind', 'email', 'owl@example.com'), 0).secondsLeft).toBe(0);
    expect(readCooldown(cooldownKey('reset', 'email', 'cat@example.com'), 0).secondsLeft).toBe(0);
  });

  it('keep the last known allowance when a refusal does not say it', () => {
    recordCooldown(key, 60, 4, 0);
    recordCooldown(key, 30, null, 0);
    expect(readCooldown(key, 0)).toEqual({ secondsLeft: 30, remainingToday: 4 });
  });
});
