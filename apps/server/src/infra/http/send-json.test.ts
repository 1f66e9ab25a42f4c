import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedJson, JsonTail } from './send-json.js';

describe('EncodedJson', () => {
  it('keeps a body as gzip that unzips to the same JSON', () => {
    const json = JSON.stringify({ videos: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Video ${i} — café` })) });
    const body = EncodedJson.of(json);
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(json);
    expect(body.json).toBe(json);
    expect(body.size).toBeLessThan(json.length / 3);
  });

  it('splices a kept, compressed tail after a new head: one gzip member whose text is head + tail', () => {
    const chips = JSON.stringify({ subscriptionFilters: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Chaîne ${i}` })), feedSubscriptionFilters: [] });
    const tail = new JsonTail(chips);
    for (const head of ['{"videoFeedItems":{"videos":[]},', `{"videoFeedItems":${JSON.stringify({ videos: ['ü'.repeat(70_000)] })},"additionalResults":true,`]) {
      const body = EncodedJson.spliced(head, tail);
      const text = gunzipSync(body.gzip).toString('utf8'); // throws on a wrong CRC or length
      expect(text).toBe(head + chips.slice(1));
      expect(JSON.parse(text).subscriptionFilters).toHaveLength(500);
    }
  });
});
