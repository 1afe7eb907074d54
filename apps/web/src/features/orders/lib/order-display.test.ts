import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../shared/i18n/i18n';
import enUS from '../../../shared/i18n/locales/en-US.json';
import { createTranslator } from '../../../shared/i18n/translator';
import { failureReasonText } from './failure-reason';
import { parseOrderId } from './order-id';

const t = createTranslator('en-US', enUS) as TFunction;

describe('why an order failed', () => {
  it('translates the code and adds the channel’s own words when there are any', () => {
    expect(failureReasonText(t, { failureCode: 'payment_failed', failureReason: 'Card declined' })).toBe(
      'The payment did not go through (Card declined)',
    );
    expect(failureReasonText(t, { failureCode: 'expired', failureReason: null })).toBe(
      'Payment timed out, please select a plan again',
    );
    expect(failureReasonText(t, { failureCode: null, failureReason: '  ' })).toBeNull();
    expect(failureReasonText(t, { failureCode: null, failureReason: 'Closed by bank' })).toBe('Closed by bank');
  });
});

describe('an order id from an address', () => {
  it('takes positive 32-bit integers only', () => {
    expect(parseOrderId('12')).toBe(12);
    expect(parseOrderId('2147483647')).toBe(2_147_483_647);
    expect(parseOrderId('2147483648')).toBeNull();
    expect(parseOrderId('0')).toBeNull();
    expect(parseOrderId('-1')).toBeNull();
    expect(parseOrderId('1e3')).toBeNull();
    expect(parseOrderId('abc')).toBeNull();
    expect(parseOrderId(null)).toBeNull();
    expect(parseOrderId(undefined)).toBeNull();
  });
});
