import { isIP } from 'node:net';

/**
 * Which hops in front of Sift may tell it the client's address (TRUST_PROXY, decisions/034): `false` (no proxy: the
 * connection's address is the client's), a number of hops (that many proxies in front, the connection's peer
 * included: the client is the entry they added, counted from the right of X-Forwarded-For), or the proxies'
 * addresses and CIDR ranges (every hop from one of them is believed; the first address that is not one is the client).
 *
 * Never "every hop": the leftmost X-Forwarded-For entries are whatever the client wrote, so trusting them all would
 * let anyone pick the address every per-address limit counts.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's) knows for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY: unset, empty, `false`, `0` or `off`: no proxy; `true` or `on`: one hop; a whole number: that many
 * hops; otherwise a comma-separated list of addresses and CIDRs (`10.0.0.0/8, 2001:db8::/32`) or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`. Anything else throws, naming the bad part.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'off') return false;
  if (text === 'true' || text === 'on') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`${text} hops is more than any real chain of proxies (at most 32)`);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new Error(
      `"${bad.join('", "')}" is not a hop count, an IP address or a CIDR range (write e.g. 1, 10.0.0.0/8 or 10.0.0.2,10.0.0.3)`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  // A zone (fe80::1%eth0) is an address isIP takes and proxy-addr does not.
  if (family === 0 || address.includes('%') || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The value of Fastify's `trustProxy` option. A hop count is given as a function: Fastify 5.12 ignores a number
 * (it cannot check that the peer is a proxy, so a client that reaches the node directly can write its own address),
 * and a hop count is what the operator asked for, with that risk written in the README.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** For the start-up line: what the setting means, in words. */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'no proxy: the connection’s address is the client’s';
  if (typeof trust === 'number') return `${trust} proxy hop${trust === 1 ? '' : 's'} in front`;
  return `proxies at ${trust.join(', ')}`;
}
