import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { YouTubeStandIn } from '../../../test/support/youtube-stand-in.js';
import { fetchChannelFeed, FeedParseError, FeedUnavailableError, parseChannelFeed } from './channel-feed.js';

const CHANNEL_ID = 'UCsBjURrPoezykLs9EqgamOA';

/** An entry as YouTube writes it (structure copied from a real feed; values made up). */
function entry(id: string, options: { title?: string; published?: string; views?: string; channelId?: string } = {}): string {
  const title = options.title ?? 'Sourdough from scratch';
  return `
 <entry>
  <id>yt:video:${id}</id>
  <yt:videoId>${id}</yt:videoId>
  <yt:channelId>${options.channelId ?? CHANNEL_ID}</yt:channelId>
  <title>${title}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>
  <author>
   <name>Cooking with Ana</name>
   <uri>https://www.youtube.com/channel/${CHANNEL_ID}</uri>
  </author>
  <published>${options.published ?? '2026-11-20T15:00:00+00:00'}</published>
  <updated>2026-11-21T02:13:44+00:00</updated>
  <media:group>
   <media:title>${title}</media:title>
   <media:content url="https://www.youtube.com/v/${id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i4.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>Three days, one starter.
Recipe: https://example.com/sourdough</media:description>
   <media:community>
    <media:starRating count="311" average="5.00" min="1" max="5"/>
    <media:statistics views="${options.views ?? '1234'}"/>
   </media:community>
  </media:group>
 </entry>`;
}

function feed(entries: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL_ID}"/>
 <id>yt:channel:${CHANNEL_ID}</id>
 <yt:channelId>${CHANNEL_ID}</yt:channelId>
 <title>Cooking with Ana</title>
 <link rel="alternate" href="https://www.youtube.com/channel/${CHANNEL_ID}"/>
 <author>
  <name>Cooking with Ana</name>
  <uri>https://www.youtube.com/channel/${CHANNEL_ID}</uri>
 </author>
 <published>2014-03-02T10:11:12+00:00</published>${entries}
</feed>`;
}

describe('parseChannelFeed', () => {
  it('reads every entry, newest first as in the feed', () => {
    const entries = parseChannelFeed(
      feed(
        entry('jNQXAC9IVRw', { title: 'Bread &amp; butter: Ana&#39;s &quot;best&quot; loaf', published: '2026-11-20T15:00:00+00:00', views: '98765' }) +
          entry('dQw4w9WgXcQ', { title: 'Soup season', published: '2026-11-13T09:30:00+00:00' }),
      ),
    );
    expect(entries).toEqual([
      {
        videoId: 'jNQXAC9IVRw',
        channelId: CHANNEL_ID,
        title: 'Bread & butter: Ana\'s "best" loaf',
        published: new Date('2026-11-20T15:00:00Z'),
        updated: new Date('2026-11-21T02:13:44Z'),
        description: 'Three days, one starter.\nRecipe: https://example.com/sourdough',
        thumbnail: 'https://i4.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg',
        views: 98765,
      },
      expect.objectContaining({ videoId: 'dQw4w9WgXcQ', title: 'Soup season', published: new Date('2026-11-13T09:30:00Z') }),
    ]);
  });

  it('reads a feed with a single entry as a list of one', () => {
    expect(parseChannelFeed(feed(entry('jNQXAC9IVRw'))).map((e) => e.videoId)).toEqual(['jNQXAC9IVRw']);
  });

  it('reads a channel without uploads as no entries', () => {
    expect(parseChannelFeed(feed(''))).toEqual([]);
    expect(parseChannelFeed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toEqual([]);
    expect(parseChannelFeed('<feed xmlns="http://www.w3.org/2005/Atom"/>')).toEqual([]);
  });

  it('keeps an all-digit video id and title as text', () => {
    const [first] = parseChannelFeed(feed(entry('12345678901', { title: '2026' })));
    expect(first).toMatchObject({ videoId: '12345678901', title: '2026' });
  });

  it('skips entries without a valid video id', () => {
    const broken = entry('tooShort');
    const noId = entry('jNQXAC9IVRw').replace(/<id>.*<\/id>/, '').replace(/<yt:videoId>.*<\/yt:videoId>/, '');
    expect(parseChannelFeed(feed(broken + noId + entry('dQw4w9WgXcQ'))).map((e) => e.videoId)).toEqual(['dQw4w9WgXcQ']);
  });

  it('falls back to <id> and to the feed channel when an entry lacks yt:videoId or yt:channelId', () => {
    const bare = entry('jNQXAC9IVRw').replace(/<yt:videoId>.*<\/yt:videoId>/, '').replace(/<yt:channelId>.*<\/yt:channelId>/, '');
    expect(parseChannelFeed(feed(bare))).toEqual([expect.objectContaining({ videoId: 'jNQXAC9IVRw', channelId: CHANNEL_ID })]);
  });

  it('puts back a channel id written without UC', () => {
    const [first] = parseChannelFeed(feed(entry('jNQXAC9IVRw', { channelId: CHANNEL_ID.slice(2) })));
    expect(first?.channelId).toBe(CHANNEL_ID);
  });

  it('reads missing statistics and dates as 0, the epoch and null', () => {
    const stripped = entry('jNQXAC9IVRw', { published: 'soon' })
      .replace(/<media:community>[\s\S]*<\/media:community>/, '')
      .replace(/<updated>.*<\/updated>/, '');
    expect(parseChannelFeed(feed(stripped))).toEqual([expect.objectContaining({ views: 0, published: new Date(0), updated: null })]);
  });

  it.each([
    ['an empty document', ''],
    ['plain text', 'Service Unavailable'],
    ['JSON', '{"error":{"code":500}}'],
    ['an HTML page', '<!DOCTYPE html><html><head><title>Before you continue</title></head><body><p>Consent</p></body></html>'],
    ['broken XML', feed(entry('jNQXAC9IVRw')).replace('</entry>', '')],
    ['XML that is not a feed', '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'],
  ])('refuses %s with a FeedParseError', (_name, document) => {
    expect(() => parseChannelFeed(document)).toThrow(FeedParseError);
  });
});

describe('fetchChannelFeed', () => {
  let server: Server;
  let base: string;
  let requests: IncomingMessage[] = [];
  let respond: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      respond(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    requests = [];
  });

  const options = { timeoutMs: 2000 };

  it('fetches the feed with the channel id and returns its entries and validators', async () => {
    respond = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', etag: '"abc"', 'last-modified': 'Fri, 20 Nov 2026 15:00:00 GMT' });
      res.end(feed(entry('jNQXAC9IVRw')));
    };
    const result = await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, null, options);
    expect(result).toEqual({
      status: 'ok',
      entries: [expect.objectContaining({ videoId: 'jNQXAC9IVRw' })],
      validators: { etag: '"abc"', lastModified: 'Fri, 20 Nov 2026 15:00:00 GMT' },
    });
    expect(requests[0]?.url).toBe(`/feeds/videos.xml?channel_id=${CHANNEL_ID}`);
    expect(requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(requests[0]?.headers['if-modified-since']).toBeUndefined();
  });

  it('keeps a query the feeds address already has', async () => {
    respond = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(feed(''));
    };
    const result = await fetchChannelFeed(`${base}/feeds/videos.xml?hl=en`, CHANNEL_ID, null, options);
    expect(result).toEqual({ status: 'ok', entries: [], validators: { etag: null, lastModified: null } });
    expect(requests[0]?.url).toBe(`/feeds/videos.xml?hl=en&channel_id=${CHANNEL_ID}`);
  });

  it('sends the validators and reads a 304 as not-modified', async () => {
    respond = (req, res) => {
      res.writeHead(req.headers['if-none-match'] === '"abc"' ? 304 : 200, { etag: '"abc"' });
      res.end();
    };
    const result = await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, { etag: '"abc"', lastModified: 'Fri, 20 Nov 2026 15:00:00 GMT' }, options);
    expect(result).toEqual({ status: 'not-modified' });
    expect(requests[0]?.headers['if-none-match']).toBe('"abc"');
    expect(requests[0]?.headers['if-modified-since']).toBe('Fri, 20 Nov 2026 15:00:00 GMT');
  });

  it('sends only the validators it has', async () => {
    respond = (_req, res) => {
      res.writeHead(304);
      res.end();
    };
    await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, { etag: null, lastModified: 'Fri, 20 Nov 2026 15:00:00 GMT' }, options);
    expect(requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(requests[0]?.headers['if-modified-since']).toBe('Fri, 20 Nov 2026 15:00:00 GMT');
  });

  it('reads a 404 as an unknown channel', async () => {
    respond = (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>Error 404 (Not Found)!!1</title>');
    };
    expect(await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, null, options)).toEqual({ status: 'unknown-channel' });
  });

  it('throws FeedUnavailableError with the status for a 500', async () => {
    respond = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>Internal Server Error</html>');
    };
    const error = await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, null, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedUnavailableError);
    expect((error as FeedUnavailableError).status).toBe(500);
  });

  it('throws FeedUnavailableError without a status when the deadline passes, even mid-body', async () => {
    respond = (_req, res) => {
      // Headers at once, the body never: the deadline must cover reading it too.
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write('<?xml version="1.0"?><feed>');
    };
    const started = Date.now();
    const error = await fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, null, { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedUnavailableError);
    expect((error as FeedUnavailableError).status).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('throws FeedUnavailableError when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchChannelFeed(`http://127.0.0.1:${port}/feeds/videos.xml`, CHANNEL_ID, null, options)).rejects.toBeInstanceOf(FeedUnavailableError);
  });

  it('throws FeedParseError for a 200 that is not a feed', async () => {
    respond = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Before you continue to YouTube</body></html>');
    };
    await expect(fetchChannelFeed(`${base}/feeds/videos.xml`, CHANNEL_ID, null, options)).rejects.toBeInstanceOf(FeedParseError);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response(null, { status: 304 });
    }) as typeof fetch;
    expect(await fetchChannelFeed('https://www.youtube.com/feeds/videos.xml', CHANNEL_ID, null, { timeoutMs: 1000, fetch: fakeFetch })).toEqual({ status: 'not-modified' });
    expect(seen).toEqual([`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL_ID}`]);
  });
});

/** The stand-in's feed, as far as the production parser and fetcher depend on it. */
describe('the YouTube stand-in feed', () => {
  const standIn = new YouTubeStandIn();
  const day = 86_400_000;
  const newest = Date.parse('2026-11-20T15:00:00Z');

  beforeAll(async () => {
    await standIn.start();
    standIn.addChannel({ id: CHANNEL_ID, title: 'Cooking with Ana & Friends', handle: '@cookingwithana' });
    for (let i = 0; i < 20; i++) {
      standIn.addVideo({
        id: `ana${String(i).padStart(8, '0')}`,
        channelId: CHANNEL_ID,
        title: `Recipe #${i} <quick> & easy`,
        publishedAt: new Date(newest - i * day).toISOString(),
        viewCount: 1000 + i,
        // Private and unlisted uploads are not in the public feed.
        privacyStatus: i === 1 ? 'private' : i === 2 ? 'unlisted' : 'public',
      });
    }
  });

  afterAll(() => standIn.stop());

  it('serves the 15 newest public uploads, which the parser reads', async () => {
    const result = await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, null, { timeoutMs: 2000 });
    if (result.status !== 'ok') throw new Error(`expected ok, got ${result.status}`);
    expect(result.entries).toHaveLength(15);
    expect(result.entries.slice(0, 3).map((e) => e.videoId)).toEqual(['ana00000000', 'ana00000003', 'ana00000004']);
    expect(result.entries[0]).toMatchObject({ channelId: CHANNEL_ID, title: 'Recipe #0 <quick> & easy', published: new Date(newest), views: 1000 });
    expect(result.validators.etag).toMatch(/^".+"$/);
    expect(result.validators.lastModified).toMatch(/GMT$/);
  });

  it('answers 304 to its own validators, counts it, and changes them when an upload arrives', async () => {
    standIn.resetCounters();
    const first = await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, null, { timeoutMs: 2000 });
    if (first.status !== 'ok') throw new Error('expected ok');
    expect(await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, first.validators, { timeoutMs: 2000 })).toEqual({ status: 'not-modified' });
    expect(standIn.feedRequests).toBe(2);
    expect(standIn.feedNotModified).toBe(1);

    standIn.addVideo({ id: 'anaNEW00001', channelId: CHANNEL_ID, title: 'Fresh', publishedAt: new Date(newest + day).toISOString() });
    const changed = await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, first.validators, { timeoutMs: 2000 });
    if (changed.status !== 'ok') throw new Error('expected ok');
    expect(changed.entries[0]?.videoId).toBe('anaNEW00001');
    expect(changed.validators.etag).not.toBe(first.validators.etag);
    // The feed costs no quota.
    expect(standIn.units).toBe(0);
  });

  it('honours If-Modified-Since alone, and a change within the same second still shows', async () => {
    const first = await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, null, { timeoutMs: 2000 });
    if (first.status !== 'ok') throw new Error('expected ok');
    const byDate = { etag: null, lastModified: first.validators.lastModified };
    expect(await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, byDate, { timeoutMs: 2000 })).toEqual({ status: 'not-modified' });
    standIn.addVideo({ id: 'anaNEW00002', channelId: CHANNEL_ID, title: 'Fresher', publishedAt: new Date(newest + 2 * day).toISOString() });
    const changed = await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, byDate, { timeoutMs: 2000 });
    if (changed.status !== 'ok') throw new Error(`expected ok, got ${changed.status}`);
    expect(changed.entries[0]?.videoId).toBe('anaNEW00002');
  });

  it('answers 404 for a channel it does not know', async () => {
    expect(await fetchChannelFeed(standIn.feedsUrl, 'UC0000000000000000000000', null, { timeoutMs: 2000 })).toEqual({ status: 'unknown-channel' });
  });

  it('waits feedDelayMs before answering', async () => {
    standIn.feedDelayMs = 80;
    try {
      const started = Date.now();
      await fetchChannelFeed(standIn.feedsUrl, CHANNEL_ID, null, { timeoutMs: 2000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    } finally {
      standIn.feedDelayMs = 0;
    }
  });
});
