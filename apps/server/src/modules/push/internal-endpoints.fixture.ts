import fc from 'fast-check';

/**
 * Push endpoints that lead into this host or its networks, in the many spellings a URL
 * allows, for the tests of the endpoint rules: every one must be refused.
 */

/** Ranges no push service is in: [network as a 32-bit number, prefix length]. */
const INTERNAL_V4: readonly [number, number][] = [
  [0x7f000000, 8], // 127/8 loopback
  [0x0a000000, 8], // 10/8
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xa9fe0000, 16], // 169.254/16 link-local, cloud metadata
  [0x64400000, 10], // 100.64/10 CGNAT
  [0x00000000, 8], // 0/8
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved, broadcast
];

export const internalIPv4 = fc
  .tuple(fc.constantFrom(...INTERNAL_V4), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[network, bits], noise]) => (network | (bits === 32 ? 0 : noise >>> bits)) >>> 0);

const bytesOf = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const hex = (n: number, upper: boolean) => (upper ? `0X${n.toString(16).toUpperCase()}` : `0x${n.toString(16)}`);
const part = (n: number, style: number) => (style === 0 ? String(n) : style === 1 ? hex(n, false) : style === 2 ? hex(n, true) : `0${n.toString(8)}`);
const group = (n: number) => n.toString(16);

/** Internal IPv4 addresses other than loopback, which a local stand-in's allowance does not add. */
export const nonLoopbackIPv4 = internalIPv4.filter((n) => n >>> 24 !== 127);

/** IPv4 numbers written as URL hosts: dotted, one number, short forms, hex, octal, mapped into IPv6. */
export const spelledIPv4 = (numbers: fc.Arbitrary<number>) => fc.tuple(numbers, fc.integer({ min: 0, max: 12 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }), fc.boolean()).map(([n, form, styles, dot]) => {
  const [a = 0, b = 0, c = 0, d = 0] = bytesOf(n);
  const [s0 = 0, s1 = 0, s2 = 0, s3 = 0] = styles;
  const tail = dot ? '.' : '';
  switch (form) {
    case 0:
      return `${a}.${b}.${c}.${d}${tail}`;
    case 1:
      return `${n}${tail}`;
    case 2:
      return `${hex(n, s0 % 2 === 0)}${tail}`;
    case 3:
      return `0${n.toString(8)}${tail}`;
    case 4:
      return `${part(a, s0)}.${part(b, s1)}.${part(c, s2)}.${part(d, s3)}${tail}`;
    case 5:
      // a.b.c: the last part fills 16 bits (127.0.1)
      return `${part(a, s0)}.${part(b, s1)}.${part((c << 8) | d, s2)}${tail}`;
    case 6:
      // a.b: the last part fills 24 bits (127.1)
      return `${part(a, s0)}.${part((b << 16) | (c << 8) | d, s1)}${tail}`;
    case 7:
      return `[::ffff:${a}.${b}.${c}.${d}]`;
    case 8:
      return `[::ffff:${group((a << 8) | b)}:${group((c << 8) | d)}]`;
    case 9:
      return `[0:0:0:0:0:FFFF:${group((a << 8) | b).toUpperCase()}:${group((c << 8) | d)}]`;
    case 10:
      return `[64:ff9b::${a}.${b}.${c}.${d}]`;
    case 11:
      // Full-width digits and ideographic full stops, which URL parsing folds to ASCII.
      return `${a}。${b}。${c}。${d}`.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
    default:
      // Percent-encoded dots, which URL parsing decodes before it reads the address.
      return `${a}%2e${b}%2E${c}%2e${d}`;
  }
});

export const ipv4Host = spelledIPv4(internalIPv4);

const randomGroups = (count: number) => fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: count, maxLength: count });

/** IPv6 hosts of loopback, unspecified, link-local, unique-local and multicast, compressed or written out. */
export const ipv6Host = fc
  .tuple(fc.integer({ min: 0, max: 4 }), randomGroups(7), fc.boolean(), fc.boolean())
  .map(([kind, rest, expand, upper]) => {
    const first = [0, 0, 0xfe80 | ((rest[0] ?? 0) & 0x3f), 0xfc00 | ((rest[0] ?? 0) & 0x1ff), 0xff00 | ((rest[0] ?? 0) & 0xff)][kind] ?? 0;
    const groups = kind === 0 ? [0, 0, 0, 0, 0, 0, 0, 1] : kind === 1 ? [0, 0, 0, 0, 0, 0, 0, 0] : [first, ...rest];
    const text = expand ? groups.map((g) => g.toString(16).padStart(4, '0')).join(':') : compress(groups);
    return `[${upper ? text.toUpperCase() : text}]`;
  });

function compress(groups: number[]): string {
  const text = groups.map((g) => g.toString(16)).join(':');
  // The longest run of zero groups becomes '::' (enough for the test's purposes).
  const match = /(?:^|:)0(?::0)+(?::|$)/.exec(text);
  return match ? `${text.slice(0, match.index)}::${text.slice(match.index + match[0].length)}` : text;
}

/** Names that reach this host or a private network. */
export const internalName = fc
  .tuple(
    fc.constantFrom('localhost', 'push.localhost', 'a.b.localhost', 'printer.local', 'metadata.google.internal', 'router.home.arpa', 'intranet', 'push', 'fcm', 'x.invalid', '1.0.0.127.in-addr.arpa'),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([name, upper, dot]) => `${upper ? name.toUpperCase() : name}${dot ? '.' : ''}`);

/** Any host above. */
export const internalHost = fc.oneof(ipv4Host, ipv6Host, internalName);

/** A whole endpoint at an internal host, mostly https, sometimes with credentials that look like a push service, a port and a path. */
export const internalEndpoint = fc
  .tuple(
    internalHost,
    fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, fc.constantFrom('evil@', 'user:secret@', 'fcm.googleapis.com@', 'web.push.apple.com:443@')),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
    fc.constantFrom('https', 'https', 'HTTPS', 'http'),
  )
  .map(([host, userinfo, port, token, scheme]) => `${scheme}://${userinfo}${host}${port === undefined ? '' : `:${port}`}/push/${token}`);
