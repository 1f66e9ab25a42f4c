import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('is off when unset, empty, false, 0 or off', () => {
    for (const value of [undefined, '', '  ', 'false', 'FALSE', '0', 'off']) expect(parseTrustProxy(value)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('means one hop for true or on (never every hop), and that many hops for a number', () => {
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('on')).toBe(1);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });

  it("takes the proxies' addresses and CIDRs, comma-separated", () => {
    expect(parseTrustProxy('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(parseTrustProxy('10.0.0.2, 10.0.0.3,2001:db8::/32, loopback')).toEqual(['10.0.0.2', '10.0.0.3', '2001:db8::/32', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
  });

  it('refuses anything else at start-up, naming the setting and the bad part', () => {
    for (const [value, bad] of [
      ['yes', 'yes'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1,proxy.local', 'proxy.local'],
      ['10.0.0.1,', ''],
      ['2001:db8::/129', '2001:db8::/129'],
      ['fe80::1%eth0', 'fe80::1%eth0'],
      ['-1', '-1'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(`Invalid configuration: TRUST_PROXY: "${bad}" is not a hop count`);
    }
    expect(() => loadConfig({ TRUST_PROXY: '100' })).toThrow(/TRUST_PROXY: 100 hops is more than/);
  });
});

describe('the client address Fastify derives from it', () => {
  async function clientIp(trust: TrustProxy, remoteAddress: string, forwardedFor?: string): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
    app.get('/', (req) => ({ ip: req.ip }));
    const res = await app.inject({ url: '/', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    await app.close();
    return res.json<{ ip: string }>().ip;
  }

  it('is the entry the trusted hops added, whatever the client wrote to the left of it', async () => {
    // One proxy (10.0.0.5) that appends the client's address to what the client sent.
    expect(await clientIp(1, '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp(['10.0.0.0/8'], '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // Two proxies: the outer one added the client, the inner one the outer one.
    expect(await clientIp(2, '10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(await clientIp(['10.0.0.0/8'], '10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
  });

  it('is the connection’s address without a proxy, or when the peer is not one of the listed proxies', async () => {
    expect(await clientIp(false, '203.0.113.7', '6.6.6.6')).toBe('203.0.113.7');
    expect(await clientIp(['10.0.0.0/8'], '203.0.113.7', '6.6.6.6')).toBe('203.0.113.7');
  });
});
