import { BlockList, isIPv4, isIPv6 } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Expands an IPv6 address to its eight groups of four hex digits. */
function groupsOf(ip: string): string[] {
  const [head = '', tail] = ip.split('::', 2) as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.padStart(4, '0').toLowerCase());
}

/**
 * The key an address is counted under by the per-address limits. IPv6 is counted by its /64:
 * one phone or one home is given a whole /64, so counting single addresses would give a
 * stranger 2^64 fresh starts. IPv4 addresses mapped into IPv6 count as IPv4.
 */
export function addressKey(ip: string | null | undefined): string {
  const address = (ip ?? '').trim();
  const mapped = MAPPED_V4.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address.split('%')[0] ?? '')) return `${groupsOf(address.split('%')[0] ?? '').slice(0, 4).join(':')}::/64`;
  // Anything else (a forwarded header's junk) is counted together, never as a fresh start.
  return 'unknown';
}

/** Parses `LIMIT_EXEMPT_ADDRESSES`: addresses and CIDR ranges, comma-separated. Throws naming a bad entry. */
export function parseAddressList(spec: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (spec ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    // Digits only: `10.0.0.0/` would otherwise read as /0, every address.
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
    if (!family || rest.length > 0 || (prefix !== null && (prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128)))) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    if (prefix === null) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}

/** Whether an address is on the list (IPv4 mapped into IPv6 is checked as IPv4). */
export function isListed(list: BlockList, ip: string | null | undefined): boolean {
  const address = (ip ?? '').trim();
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  if (isIPv4(address)) return list.check(address, 'ipv4');
  if (isIPv6(address)) return list.check(address, 'ipv6');
  return false;
}
