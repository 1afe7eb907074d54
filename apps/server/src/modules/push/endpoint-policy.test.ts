import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { addressClass } from './address-class.js';
import { addressRefusal, endpointPolicyOf, endpointRefusal, type EndpointPolicy } from './endpoint-policy.js';
import { internalEndpoint, internalHost, internalIPv4, internalName, nonLoopbackIPv4, spelledIPv4 } from './internal-endpoints.fixture.js';

const open: EndpointPolicy = { allowedHosts: [], allowLoopback: false };
const standIn: EndpointPolicy = { allowedHosts: [], allowLoopback: true };

/** The browsers' push services, as their subscriptions name them. */
const REAL_ENDPOINTS = [
  'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGuQyavXutnMH',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
  'https://jmt17.google.com/fcm/send/abc',
];

describe('push endpoint rules', () => {
  it('refuse every spelling of a loopback, private, link-local, CGNAT, multicast or reserved address, and internal names', () => {
    fc.assert(
      fc.property(internalEndpoint, (endpoint) => {
        expect(endpointRefusal(endpoint, open), endpoint).toBeDefined();
      }),
      { numRuns: 5000 },
    );
  });

  it('with a local stand-in allowed, still refuse every internal address that is not loopback, and internal names', () => {
    fc.assert(
      fc.property(fc.oneof(spelledIPv4(nonLoopbackIPv4), internalName), (host) => {
        const endpoint = `https://${host}/push/x`;
        expect(['internal-address', 'internal-name'], endpoint).toContain(endpointRefusal(endpoint, standIn));
      }),
      { numRuns: 3000 },
    );
  });

  it('say why: the host itself is refused, not only credentials or the scheme', () => {
    fc.assert(
      fc.property(internalHost, fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }), (host, port) => {
        const endpoint = `https://${host}${port === undefined ? '' : `:${port}`}/push/x`;
        expect(['internal-address', 'internal-name'], endpoint).toContain(endpointRefusal(endpoint, open));
      }),
      { numRuns: 3000 },
    );
  });

  it('classify each internal IPv4 address, mapped into IPv6 or not, as not public', () => {
    fc.assert(
      fc.property(internalIPv4, (n) => {
        const dotted = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
        expect(addressClass(dotted)).not.toBe('public');
        expect(addressClass(`::ffff:${dotted}`)).toBe(addressClass(dotted));
        expect(addressClass(`64:ff9b::${dotted}`)).toBe(addressClass(dotted));
        expect(addressRefusal(dotted, open)).toBe('internal-address');
      }),
      { numRuns: 3000 },
    );
  });

  it('name each kind of address', () => {
    const kinds: Record<string, string> = {
      '127.0.0.1': 'loopback',
      '10.1.2.3': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      '169.254.169.254': 'link-local',
      '100.64.0.1': 'shared',
      '100.100.100.200': 'shared',
      '0.0.0.0': 'unspecified',
      '224.0.0.251': 'multicast',
      '255.255.255.255': 'reserved',
      '::1': 'loopback',
      '::': 'unspecified',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '::ffff:a9fe:a9fe': 'link-local',
      'fe80::1': 'link-local',
      'FEBF::1': 'link-local',
      'fd00:ec2::254': 'unique-local',
      'fc00::1': 'unique-local',
      'ff02::1': 'multicast',
      '2002:7f00:1::1': 'reserved',
      '2001:db8::1': 'reserved',
      'fe80::1%eth0': 'invalid',
      '8.8.8.8': 'public',
      '172.32.0.1': 'public',
      '100.128.0.1': 'public',
      '::ffff:8.8.8.8': 'public',
      '2606:4700:4700::1111': 'public',
      '2a00:1450:4001:82b::200a': 'public',
    };
    for (const [ip, kind] of Object.entries(kinds)) expect(addressClass(ip), ip).toBe(kind);
  });

  it('take the real push services and public addresses over https only', () => {
    for (const endpoint of [...REAL_ENDPOINTS, 'https://8.8.8.8/push', 'https://[2606:4700:4700::1111]:8443/push', 'https://FCM.googleapis.com./fcm/send/x']) {
      expect(endpointRefusal(endpoint, open), endpoint).toBeUndefined();
    }
    expect(endpointRefusal('http://fcm.googleapis.com/fcm/send/x', open)).toBe('not-https');
    expect(endpointRefusal('ftp://fcm.googleapis.com/x', open)).toBe('not-https');
    expect(endpointRefusal('https://user@fcm.googleapis.com/x', open)).toBe('credentials');
    expect(endpointRefusal('not a url', open)).toBe('not-a-url');
    // The stand-in's allowance: loopback addresses, over http too; never a private network or a name.
    expect(endpointRefusal('http://127.0.0.1:4000/push/x', standIn)).toBeUndefined();
    expect(endpointRefusal('https://[::1]:4000/push/x', standIn)).toBeUndefined();
    expect(endpointRefusal('http://10.0.0.1/push/x', standIn)).toBe('internal-address');
    expect(endpointRefusal('http://localhost:4000/push/x', standIn)).toBe('internal-name');
    expect(addressRefusal('169.254.169.254', standIn)).toBe('internal-address');
    expect(addressRefusal('127.0.0.1', standIn)).toBeUndefined();
  });

  it('keep to PUSH_ALLOWED_HOSTS when it is set: whole labels of a listed suffix, never an address', () => {
    const listed: EndpointPolicy = { allowedHosts: ['fcm.googleapis.com', 'push.apple.com'], allowLoopback: false };
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/x', listed)).toBeUndefined();
    expect(endpointRefusal('https://web.push.apple.com/x', listed)).toBeUndefined();
    expect(endpointRefusal('https://updates.push.services.mozilla.com/wpush/v2/x', listed)).toBe('not-an-allowed-host');
    expect(endpointRefusal('https://evilpush.apple.com/x', listed)).toBe('not-an-allowed-host');
    expect(endpointRefusal('https://push.apple.com.evil.example.net/x', listed)).toBe('not-an-allowed-host');
    expect(endpointRefusal('https://notfcm.googleapis.com.evil.net/x', listed)).toBe('not-an-allowed-host');
    expect(endpointRefusal('https://xfcm.googleapis.com/x', listed)).toBe('not-an-allowed-host');
    expect(endpointRefusal('https://8.8.8.8/x', listed)).toBe('not-an-allowed-host');
  });
});

describe('push configuration', () => {
  it('refuses the loopback allowance in production, and ignores it there when a config is made in code', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow('PUSH_ALLOW_LOOPBACK');
    expect(loadConfig({ NODE_ENV: 'production' }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'yes' }).PUSH_ALLOW_LOOPBACK).toBe(true);
    expect(endpointPolicyOf({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: true, PUSH_ALLOWED_HOSTS: [] }).allowLoopback).toBe(false);
    expect(endpointPolicyOf({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: true, PUSH_ALLOWED_HOSTS: [] }).allowLoopback).toBe(true);
  });

  it('reads PUSH_ALLOWED_HOSTS as host names and stops the start on anything else', () => {
    expect(loadConfig({}).PUSH_ALLOWED_HOSTS).toEqual([]);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: ' FCM.googleapis.com, web.push.apple.com.,,notify.windows.com ' }).PUSH_ALLOWED_HOSTS).toEqual([
      'fcm.googleapis.com',
      'web.push.apple.com',
      'notify.windows.com',
    ]);
    for (const bad of ['https://fcm.googleapis.com', 'fcm.googleapis.com/fcm', 'fcm.googleapis.com:443', '127.0.0.1', 'localhost', 'push.localhost', 'com', '*.apple.com', 'bad_name.com']) {
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: bad }), bad).toThrow('PUSH_ALLOWED_HOSTS');
    }
  });
});
