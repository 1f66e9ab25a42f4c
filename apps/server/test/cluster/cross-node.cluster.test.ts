import { beforeAll, describe, expect, it } from 'vitest';
import { unlistedDemoCatalog } from '../../src/providers/demo/unlisted.js';
import {
  aMember,
  anEmail,
  anIp,
  call,
  cluster,
  confirmationToken,
  GOOD_PASSWORD,
  haproxyServers,
  isHealthy,
  login,
  onCluster,
  query,
  signUp,
  solveCaptcha,
  someVideos,
  waitFor,
  type Res,
} from './support/cluster.js';

/**
 * Issue 17 "Scale-out on real parts": the API keeps no state of its own, so whatever one node does the other sees at
 * once — sessions, rate-limit counters, changes behind kept pages, background jobs. Each case drives node A and node B
 * directly (and HAProxy, which alternates between them), over HTTP, as clients would.
 */
describe.runIf(onCluster)('two nodes on one PostgreSQL and one Redis', () => {
  let a: string;
  let b: string;
  let proxy: string;

  beforeAll(async () => {
    const c = cluster();
    [a, b] = c.nodes.map((n) => n.url) as [string, string];
    proxy = c.proxyUrl;
    for (const node of c.nodes) expect(await isHealthy(node.url), `node ${node.name} is up`).toBe(true);
  });

  /** Sessions HAProxy has handed each server so far. */
  const sessionsPerServer = async () => new Map([...(await haproxyServers())].map(([name, row]) => [name, Number(row.stot)]));

  it('a session made on one node works on the other and through the proxy; a logout on one ends it everywhere', async () => {
    const email = anEmail('session');
    // The challenge from B, the sign-up on A (every node signs with one key); a redeemed challenge is spent on both.
    const captcha = await solveCaptcha(b);
    const signedUp = await signUp(a, email, captcha, anIp());
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    const replay = await signUp(b, anEmail('replay'), captcha, anIp());
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('CAPTCHA');

    // A wrote the mail; its link is followed on B.
    const confirmed = await call(b, 'POST', '/api/accounts/confirm', { json: { token: await confirmationToken(email) } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const loggedIn = await login(a, email, GOOD_PASSWORD, anIp());
    expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
    const token = loggedIn.headers.get('x-auth-token') ?? '';
    expect((await call(b, 'GET', '/api/users', { token })).body).toMatchObject({ userIsLoggedIn: true, email });

    // Made on B, read on A.
    const made = await call(b, 'POST', '/api/playlists', { token, json: { name: 'Made on B' } });
    expect(made.status).toBe(201);
    expect((await call(a, 'GET', `/api/playlists/${made.body.id}`, { token })).body.name).toBe('Made on B');

    // Through the proxy, requests go to both nodes in turn, and every one is logged in.
    const before = await sessionsPerServer();
    for (let i = 0; i < 6; i++) expect((await call(proxy, 'GET', '/api/users', { token })).body.userIsLoggedIn).toBe(true);
    const after = await sessionsPerServer();
    for (const node of cluster().nodes) expect(after.get(node.name)! - before.get(node.name)!, `requests HAProxy sent to ${node.name}`).toBeGreaterThanOrEqual(2);

    // Logged out on B: refused on A and through the proxy from then on.
    expect((await call(b, 'POST', '/api/logout', { token })).status).toBe(204);
    expect((await call(a, 'GET', '/api/playlists', { token })).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await call(proxy, 'GET', '/api/playlists', { token })).status).toBe(401);
  });

  describe('rate limits are counted in Redis, once for the cluster', () => {
    interface Refusal {
      attempt: number;
      status: number;
      code: string | undefined;
    }

    /**
     * Wrong logins, sent to `nodes` in turn from one client address, until one is refused (429 RATE_LIMITED, or 401
     * CAPTCHA_REQUIRED for an account with too many failures): which attempt it was and how.
     */
    async function firstRefusal(nodes: string[], emailOf: (attempt: number) => string, ip: string, max = 40): Promise<Refusal> {
      for (let attempt = 1; attempt <= max; attempt++) {
        const res = await login(nodes[(attempt - 1) % nodes.length]!, emailOf(attempt), 'not the password 1', ip);
        const code = (res.body as { code?: string }).code;
        if (res.status === 401 && code === 'BAD_CREDENTIALS') continue;
        expect([429, 401], JSON.stringify(res.body)).toContain(res.status);
        return { attempt, status: res.status, code };
      }
      throw new Error(`${max} wrong logins and none refused`);
    }

    /** The same wrong logins on node A alone, then spread over A and B: refused at the same attempt when shared. */
    async function compare(emailOf: () => (attempt: number) => string) {
      const spreadIp = anIp();
      const alone = await firstRefusal([a], emailOf(), anIp());
      const spread = await firstRefusal([a, b], emailOf(), spreadIp);
      console.log(`[cluster figures] wrong logins refused at attempt ${alone.attempt} on one node, ${spread.attempt} spread over two (${spread.status} ${spread.code})`);
      return { alone, spread, spreadIp };
    }

    it('wrong passwords for one account, alternating between the nodes, meet the limit one node alone would', async () => {
      const accounts = [await aMember({ challengeOn: a }), await aMember({ challengeOn: b })];
      let next = 0;
      const { alone, spread, spreadIp } = await compare(() => {
        const email = accounts[next++]!.email;
        return () => email;
      });
      // Counted per node, each would have seen half of the failures and let about twice as many through.
      expect(spread).toEqual(alone);
      expect(alone.code).toMatch(/^(RATE_LIMITED|CAPTCHA_REQUIRED)$/);
      // Once over, both nodes refuse.
      for (const node of [a, b]) {
        const res = await login(node, accounts[1]!.email, 'not the password 1', spreadIp);
        expect(res.status).toBe(spread.status);
        expect(res.body.code).toBe(spread.code);
      }
    });

    it('logins from one address, spread over the nodes and over many accounts, meet the per-address limit once', async () => {
      const { alone, spread } = await compare(() => () => anEmail('spray'));
      expect(spread).toEqual(alone);
      expect(alone).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    });
  });

  it('a change made on one node shows on the other at once: kept sift pages, sifts, playlists, the personal feed', async () => {
    const { token } = await aMember({ challengeOn: a, signUpOn: a, confirmOn: b, loginOn: b });
    // The channels of the newest videos: each has videos on the first page of a sift made of them.
    const channels = [...new Set((await someVideos(a, 100)).map((v) => v.channelExternalId))];
    expect(channels.length).toBeGreaterThanOrEqual(3);
    const [c1, c2, c3] = channels as [string, string, string];

    const created = await call(a, 'POST', '/api/sifts', { token, json: { name: 'Cluster sift', public: true, channels: [{ externalId: c1 }, { externalId: c2 }] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sift = created.body.hash as string;
    const pageChannels = async (base: string) => {
      const res: Res<{ videos: { channelExternalId: string }[] }> = await call(base, 'GET', `/api/sifts/${sift}/videos?limit=50`);
      expect(res.status).toBe(200);
      return [...new Set(res.body.videos.map((v) => v.channelExternalId))].sort();
    };
    // Each node builds and keeps the page (read twice: the second is the kept one).
    for (const base of [a, b, a, b, proxy, proxy]) expect(await pageChannels(base)).toEqual([c1, c2].sort());

    const changed = await call(a, 'PUT', `/api/sifts/${sift}`, { token, json: { name: 'Renamed on A', channels: [{ externalId: c1 }] } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const base of [b, a, proxy, proxy]) {
      expect(await pageChannels(base)).toEqual([c1]);
      expect((await call(base, 'GET', `/api/sifts/${sift}`)).body.name).toBe('Renamed on A');
    }

    // Made private on B: a visitor's kept page is not served by A, nor through the proxy.
    expect((await call(b, 'PUT', `/api/sifts/${sift}`, { token, json: { public: false } })).status).toBe(200);
    for (const base of [a, proxy, proxy]) expect((await call(base, 'GET', `/api/sifts/${sift}/videos?limit=50`)).status).toBe(404);

    // A public playlist, read by visitors on both nodes, renamed and extended on the other.
    const [v1, v2] = (await someVideos(b, 2)).map((v) => v.externalId) as [string, string];
    const playlist = (await call(b, 'POST', '/api/playlists', { token, json: { name: 'Shared list' } })).body.id as number;
    expect((await call(b, 'POST', `/api/playlists/${playlist}/public`, { token })).status).toBe(200);
    expect((await call(b, 'POST', `/api/playlists/${playlist}/videos`, { token, json: { externalId: v1 } })).status).toBe(201);
    const listed = async (base: string) => {
      const [meta, videos] = await Promise.all([call(base, 'GET', `/api/playlists/${playlist}`), call(base, 'GET', `/api/playlists/${playlist}/videos`)]);
      return { name: meta.body.name, videos: (videos.body.videos as { externalId: string }[]).map((v) => v.externalId) };
    };
    for (const base of [a, b, proxy]) expect(await listed(base)).toEqual({ name: 'Shared list', videos: [v1] });
    expect((await call(a, 'PUT', `/api/playlists/${playlist}`, { token, json: { name: 'Renamed on A' } })).status).toBe(200);
    expect((await call(a, 'POST', `/api/playlists/${playlist}/videos`, { token, json: { externalId: v2 } })).status).toBe(201);
    for (const base of [b, proxy, proxy]) expect(await listed(base)).toEqual({ name: 'Renamed on A', videos: [v1, v2] });

    // The personal feed (kept per member under a stamp): a follow on A shows on B's next page.
    const feedChannels = async (base: string) => {
      const res = await call(base, 'GET', '/api/me/feeds/videos?limit=50', { token });
      expect(res.status).toBe(200);
      return new Set((res.body.videoFeedItems.videos as { channelExternalId: string }[]).map((v) => v.channelExternalId));
    };
    for (const base of [a, b, b]) expect(await feedChannels(base)).not.toContain(c3);
    expect((await call(a, 'POST', '/api/subscriptions', { token, json: { externalId: c3 } })).status).toBeLessThan(300);
    for (const base of [b, proxy, proxy]) expect(await feedChannels(base)).toContain(c3);
  });

  it('a background job runs once: channel imports queued from both nodes are each done by one of them', async () => {
    const { token } = await aMember({ challengeOn: b });
    // Channels the demo video service has and the seeded catalog lacks: adding one to a sift queues its import.
    const unlisted = unlistedDemoCatalog(new Date());
    const channels = unlisted.channels.map((c) => c.externalId);
    const uploads = new Map<string, number>();
    for (const v of unlisted.videos) uploads.set(v.channelExternalId, (uploads.get(v.channelExternalId) ?? 0) + 1);
    expect(channels.length).toBeGreaterThanOrEqual(4);

    const pairs = [channels.slice(0, 2), channels.slice(2, 4)];
    const sifts: number[] = [];
    for (const [i, pair] of pairs.entries()) {
      const res = await call([a, b][i]!, 'POST', '/api/sifts', { token, json: { name: `Imported ${i}`, channels: pair.map((externalId) => ({ externalId })) } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sifts.push(res.body.id as number);
    }
    // One job per channel (a sift's status says CREATED once any of its imports is done, so the jobs are waited for).
    const jobsOf = () =>
      query<{ sift_id: string; channel: string; state: string; retry_count: number }>(
        `SELECT data->>'siftId' AS sift_id, data->>'channelExternalId' AS channel, state, retry_count
           FROM pgboss.job WHERE name = 'sift-channel-import' AND (data->>'siftId')::bigint = ANY($1::bigint[])`,
        [sifts],
      );
    const jobs = await waitFor(
      'the import jobs to end',
      async () => {
        const rows = await jobsOf();
        return rows.length >= 4 && rows.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state)) ? rows : undefined;
      },
      60_000,
      250,
    );
    expect(jobs.map((j) => `${j.sift_id}/${j.channel}`).sort()).toEqual(pairs.flatMap((pair, i) => pair.map((c) => `${sifts[i]}/${c}`)).sort());
    for (const job of jobs) expect(job).toMatchObject({ state: 'completed', retry_count: 0 });
    for (const id of sifts) expect((await call(proxy, 'GET', `/api/sifts/${id}`, { token })).body.importStatus).toBe('CREATED');

    // Every upload of each channel stored once, and each sift shows them all.
    const stored = await query<{ external_id: string; videos: string }>(
      `SELECT c.external_id, count(v.id) AS videos FROM channels c LEFT JOIN videos v ON v.channel_id = c.id WHERE c.external_id = ANY($1) GROUP BY c.external_id`,
      [channels.slice(0, 4)],
    );
    expect(Object.fromEntries(stored.map((r) => [r.external_id, Number(r.videos)]))).toEqual(Object.fromEntries(channels.slice(0, 4).map((c) => [c, uploads.get(c)])));
    for (const [i, id] of sifts.entries()) {
      const expected = pairs[i]!.reduce((sum, c) => sum + (uploads.get(c) ?? 0), 0);
      expect((await call(a, 'GET', `/api/sifts/${id}`, { token })).body.numberOfVideos).toBe(expected);
    }

    // Scheduled work: pg-boss turns each tick into one job for the whole cluster, never one per node.
    const doubled = await query(
      `SELECT name, date_trunc('minute', created_on) AS minute, count(*) FROM pgboss.job
        WHERE name = 'notifications-dispatch' GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(doubled).toEqual([]);
  });
});
