import { isIPv4 } from 'node:net';
import type { Config } from '../../platform/config.js';
import { addressClass } from './address-class.js';

/**
 * Which push endpoints the server posts to. A subscription's endpoint is a URL the member
 * chose, and every notice of theirs makes the server open a connection to it: only the https
 * address of a public host will do, or of a listed push service when PUSH_ALLOWED_HOSTS is set.
 */
export interface EndpointPolicy {
  /** Host suffixes of the push services allowed; empty: any public host. */
  allowedHosts: readonly string[];
  /** A local stand-in of a push service on loopback (tests); never in production. */
  allowLoopback: boolean;
}

export function endpointPolicyOf(config: Pick<Config, 'NODE_ENV' | 'PUSH_ALLOWED_HOSTS' | 'PUSH_ALLOW_LOOPBACK'>): EndpointPolicy {
  return {
    allowedHosts: config.PUSH_ALLOWED_HOSTS,
    // Configuration refuses the pair at start-up; a config put together in code is held to it too.
    allowLoopback: config.PUSH_ALLOW_LOOPBACK === true && config.NODE_ENV !== 'production',
  };
}

/** Why an endpoint or the address it resolved to is refused: stable words, logged and sent in the error's details. */
export type EndpointRefusal = 'not-a-url' | 'not-https' | 'credentials' | 'internal-name' | 'internal-address' | 'not-an-allowed-host';

/**
 * Names that never lead to a push service: localhost and its subdomains (RFC 6761), multicast
 * DNS, names for private networks (ICANN's .internal, .home.arpa under .arpa), reverse-lookup
 * names and the reserved test names.
 */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'arpa', 'invalid', 'test', 'example', 'onion'];

const endsWithLabel = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** Whether an IP address may be connected to. */
export function addressRefusal(ip: string, policy: EndpointPolicy): EndpointRefusal | undefined {
  const kind = addressClass(ip);
  if (kind === 'public' || (kind === 'loopback' && policy.allowLoopback)) return undefined;
  return 'internal-address';
}

/** A parsed endpoint's host as the connection uses it: an IP without brackets, or a name without its trailing dots. */
export interface EndpointHost {
  host: string;
  isAddress: boolean;
}

export function hostOf(url: URL): EndpointHost {
  if (url.hostname.startsWith('[')) return { host: url.hostname.slice(1, -1), isAddress: true };
  // WHATWG URL has already turned decimal, octal, hex and short IPv4 forms into dotted decimal.
  if (isIPv4(url.hostname)) return { host: url.hostname, isAddress: true };
  return { host: url.hostname.replace(/\.+$/, ''), isAddress: false };
}

/**
 * What is wrong with an endpoint before any name is looked up: the scheme, credentials, an
 * IP literal in a range that is not public, a name that is not a public one, or a host
 * PUSH_ALLOWED_HOSTS does not list. A name's addresses are checked where it is connected to.
 */
export function endpointRefusal(endpoint: string | URL, policy: EndpointPolicy): EndpointRefusal | undefined {
  let url: URL;
  try {
    url = typeof endpoint === 'string' ? new URL(endpoint) : endpoint;
  } catch {
    return 'not-a-url';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not-https';
  if (url.username !== '' || url.password !== '') return 'credentials';
  const { host, isAddress } = hostOf(url);
  if (isAddress) {
    const refusal = addressRefusal(host, policy);
    if (refusal) return refusal;
    // The stand-in on loopback is the only endpoint plain http reaches, and no allow-list names it.
    if (addressClass(host) === 'loopback') return undefined;
  } else if (!host.includes('.') || INTERNAL_SUFFIXES.some((suffix) => endsWithLabel(host, suffix))) {
    return 'internal-name';
  }
  if (url.protocol !== 'https:') return 'not-https';
  if (policy.allowedHosts.length > 0 && (isAddress || !policy.allowedHosts.some((suffix) => endsWithLabel(host, suffix)))) return 'not-an-allowed-host';
  return undefined;
}

/** What a refusal says to the member's client. */
export const REFUSAL_MESSAGES: Record<EndpointRefusal, string> = {
  'not-a-url': 'must be an absolute URL',
  'not-https': 'must be an https URL',
  credentials: 'must not hold a user name or password',
  'internal-name': 'must be the address of a public push service, not a local or internal name',
  'internal-address': 'must be the address of a public push service, not a loopback, private, link-local or reserved address',
  'not-an-allowed-host': 'must be the address of one of the push services this server sends to',
};
