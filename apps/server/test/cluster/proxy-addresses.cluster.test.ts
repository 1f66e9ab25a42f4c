import http from 'node:http';
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anEmail, anIp, cluster, login, onCluster } from './support/cluster.js';

/**
 * Issue 28 §4: behind HAProxy (`option forwardfor`, which appends the address it saw to whatever X-Forwarded-For the
 * client sent), the nodes (TRUST_PROXY=true: one hop) count the address HAProxy saw. A client that writes a new
 * X-Forwarded-For of its own on every request is still one client to the login limit.
 *
 * The client connects to HAProxy from a loopback address of this run (scripts/test-cluster.mjs deletes its Redis
 * counters at the end), so what it is counted under is neither 127.0.0.1, which every other request through the proxy
 * shares, nor an address it wrote itself.
 */
describe.runIf(onCluster)('client addresses behind HAProxy', () => {
  let proxy: URL;
  let client: string;
  beforeAll(() => {
    proxy = new URL(cluster().proxyUrl);
    client = cluster().loopbackClient;
  });

  /** A wrong login through HAProxy, sent from `localAddress` with a made-up X-Forwarded-For: its status and code. */
  function wrongLoginThroughProxy(localAddress: string): Promise<{ status: number; code: string | undefined }> {
    const body = new URLSearchParams({ username: anEmail('spoof'), password: 'not the password 1' }).toString();
    const spoofed = `198.51.100.${randomInt(1, 255)}, ${anIp()}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: proxy.hostname,
          port: proxy.port,
          path: '/api/login',
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': spoofed },
          timeout: 30_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code?: string }).code }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Wrong logins until one is refused: the attempt that was refused, and how. */
  async function firstRefusal(attemptLogin: () => Promise<{ status: number; code: string | undefined }>, max = 40) {
    for (let attempt = 1; attempt <= max; attempt++) {
      const res = await attemptLogin();
      if (res.status === 401 && res.code === 'BAD_CREDENTIALS') continue;
      return { attempt, ...res };
    }
    throw new Error(`${max} wrong logins and none refused`);
  }

  it('spoofed X-Forwarded-For entries sent through HAProxy do not escape the per-address login limit', async () => {
    // The limit as one client meets it calling a node directly from one address.
    const ip = anIp();
    const direct = await firstRefusal(async () => {
      const res = await login(cluster().nodes[0].url, anEmail('spray'), 'not the password 1', ip);
      return { status: res.status, code: (res.body as { code?: string }).code };
    });
    expect(direct).toMatchObject({ status: 429, code: 'RATE_LIMITED' });

    const spoofing = await firstRefusal(() => wrongLoginThroughProxy(client));
    console.log(`[cluster figures] wrong logins through HAProxy with a new X-Forwarded-For each: refused at attempt ${spoofing.attempt} (${spoofing.status} ${spoofing.code})`);
    expect(spoofing).toEqual(direct);
  });
});
