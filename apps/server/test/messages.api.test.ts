import { apiErrorSchema, messagesResponseSchema } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

describe('GET /api/public/v01/content/messages', () => {
  it('returns the messages placed on a page, grouped by level, and only while they are showing', async () => {
    const messages = t.services.messages;
    await messages.seedWelcome({ pageLocations: [44, 7], level: 'info', text: 'Hello', dismissal: 'forever' });
    const res = await t.app.inject('/api/public/v01/content/messages?pageId=44');
    expect(res.statusCode).toBe(200);
    const body = messagesResponseSchema.parse(res.json());
    expect(body.pageLocations[0]).toMatchObject({ pageId: 44, warn: [], system: [] });
    expect(body.pageLocations[0]!.info.map((m) => m.text)).toEqual(['Hello']);

    const other = messagesResponseSchema.parse((await t.app.inject('/api/public/v01/content/messages?pageId=3')).json());
    expect(other.pageLocations[0]!.info).toEqual([]);
  });

  it('defaults pageId to 44 and rejects a non-numeric one', async () => {
    const body = messagesResponseSchema.parse((await t.app.inject('/api/public/v01/content/messages')).json());
    expect(body.pageLocations[0]!.pageId).toBe(44);
    const bad = await t.app.inject('/api/public/v01/content/messages?pageId=abc');
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).fields?.[0]?.field).toBe('pageId');
  });
});

describe('OpenAPI document', () => {
  it('documents every endpoint of the catalog', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/videos/{externalId}',
        '/api/content/channels/{id}',
        '/api/search/channels/{id}',
        '/api/search/channels/{externalId}/videos',
        '/api/public/v01/channel/search',
        '/api/public/v01/content/messages',
        '/api/feeds/public',
      ]),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});
