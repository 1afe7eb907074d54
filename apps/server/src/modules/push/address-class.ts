import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of address an IP is, for deciding whether the server may open a connection to it
 * on a member's say-so. Only `public` addresses are on the internet proper; every other kind
 * reaches this host, its network or its cloud's metadata service.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** Ranges by kind (RFC 6890 and the IANA special-purpose registries); the first that holds an address names it. */
const RANGES: readonly [AddressClass, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  // Carrier-grade NAT, and where some clouds keep their metadata and DNS services.
  ['shared', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '192.88.99.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
  // Inside the global unicast block: IETF assignments (Teredo among them), 6to4 (which carries
  // an IPv4 address of anyone's choosing) and documentation.
  ['reserved', '2001::', 23, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['reserved', '2002::', 16, 'ipv6'],
  ['reserved', '3fff::', 20, 'ipv6'],
];

const LISTS = RANGES.map(([kind, network, bits, family]) => {
  const list = new BlockList();
  list.addSubnet(network, bits, family);
  return { kind, family, list };
});

const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** The sixteen bytes of an IPv6 address in any spelling (`::`, a dotted IPv4 tail), already checked by isIPv6. */
function ipv6Bytes(ip: string): Uint8Array {
  const text = ip.toLowerCase().replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(':'),
  );
  const [head = '', tail] = text.split('::', 2) as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/**
 * The IPv4 address an IPv6 one stands for, where the network turns one into the other: mapped
 * (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96) and NAT64's well-known
 * prefix (64:ff9b::/96). `[::ffff:127.0.0.1]` is loopback, whatever its spelling.
 */
function embeddedIPv4(bytes: Uint8Array): string | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const translated = zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12);
  const compatible = zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && bytes[15] === 1);
  const nat64 = bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12);
  if (!(mapped || translated || compatible || nat64)) return undefined;
  return Array.from(bytes.slice(12, 16)).join('.');
}

/** The kind of `ip` (an IPv4 or IPv6 address without brackets or zone). */
export function addressClass(ip: string): AddressClass {
  if (isIPv4(ip)) return LISTS.find(({ family, list }) => family === 'ipv4' && list.check(ip, 'ipv4'))?.kind ?? 'public';
  // A zone (fe80::1%eth0) names an interface of this host: never a push service.
  if (!isIPv6(ip) || ip.includes('%')) return 'invalid';
  const bytes = ipv6Bytes(ip);
  const v4 = embeddedIPv4(bytes);
  if (v4 !== undefined) return addressClass(v4);
  const canonical = Array.from({ length: 8 }, (_, index) => (((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0)).toString(16)).join(':');
  const named = LISTS.find(({ family, list }) => family === 'ipv6' && list.check(canonical, 'ipv6'))?.kind;
  if (named) return named;
  // Outside 2000::/3 nothing is allocated for the internet (IANA's IPv6 address space).
  return GLOBAL_UNICAST.check(canonical, 'ipv6') ? 'public' : 'reserved';
}
