import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey, isListed, parseAddressList } from './client-address.js';

describe('addressKey', () => {
  it('counts IPv4 as itself, mapped IPv4 as IPv4, and IPv6 by its /64 in any spelling', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not-an-address')).toBe('unknown');
    expect(addressKey('evil, 1.2.3.4')).toBe('unknown');
  });

  it('gives every address of one /64 the same key, and other /64s another', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.array(group, { minLength: 4, maxLength: 4 }), (a, tail) => {
        const same = [...a.slice(0, 4), ...tail].join(':');
        expect(addressKey(a.join(':'))).toBe(addressKey(same));
      }),
    );
  });
});

describe('parseAddressList', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const list = parseAddressList(' 127.0.0.1, 10.0.0.0/8 ,2001:db8::/32');
    expect(isListed(list, '127.0.0.1')).toBe(true);
    expect(isListed(list, '::ffff:127.0.0.1')).toBe(true);
    expect(isListed(list, '10.200.3.4')).toBe(true);
    expect(isListed(list, '11.0.0.1')).toBe(false);
    expect(isListed(list, '2001:db8:ffff::1')).toBe(true);
    expect(isListed(list, '2001:db9::1')).toBe(false);
    expect(isListed(parseAddressList(undefined), '127.0.0.1')).toBe(false);
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3', '10.0.0.0/x', '10.0.0.0/', '1.2.3.4/8/9', '10.0.0.0/-1']) {
      expect(() => parseAddressList(bad)).toThrow(bad);
    }
  });
});
