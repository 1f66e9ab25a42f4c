import { authConfigSchema } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * SPEC §5 "The follow option shows only when the subscription option is enabled": with SUBSCRIPTIONS_ENABLED off
 * the client config says so (the web app then hides every Follow control) and the subscription API refuses with
 * 403 SUBSCRIPTIONS_DISABLED — except the mails' one-click unsubscribe, which keeps working.
 */
const t = useTestApp({ subscriptionsEnabled: false });

describe('the subscription option turned off', () => {
  it('is announced in /api/auth/config', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/auth/config' });
    expect(res.status).toBe(200);
    expect(authConfigSchema.parse(res.body)).toEqual({ googleEnabled: false, appName: 'Sift', subscriptionsEnabled: false });
  });

  it('refuses every subscription call with 403 SUBSCRIPTIONS_DISABLED, logged in or not', async () => {
    const member = await aMember(t);
    const channel = aChannel();
    t.videoService.channels.set(channel.externalId, channel);
    await t.services.catalog.syncChannel(channel.externalId);
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', '/api/subscriptions'],
      ['POST', '/api/subscriptions', { externalId: channel.externalId }],
      ['POST', '/api/subscriptions/sifts', { sifts: ['abc'] }],
      ['PUT', '/api/subscriptions/1', { frequency: 'DAILY' }],
      ['POST', '/api/subscriptions/1/unmute'],
      ['DELETE', '/api/subscriptions/1'],
      ['POST', '/api/sifts/abc/follows'],
      ['DELETE', '/api/sifts/abc/follows'],
    ];
    for (const [method, url, payload] of calls) {
      for (const token of [member.token, undefined]) {
        const res = await call(t.app, { method, url, token, ...(payload ? { payload } : {}) });
        expectError(res, 403, 'SUBSCRIPTIONS_DISABLED');
        expect((res.body as { message: string }).message).toMatch(/Subscriptions are turned off/);
      }
    }
  });

  it('still answers the one-click unsubscribe of mails sent before, and the rest of the API', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscriptions/unsubscribe?token=0000000000000000000000000000dead' });
    expect(res.statusCode, res.body).toBe(404);
    expect(JSON.parse(res.body)).not.toMatchObject({ code: 'SUBSCRIPTIONS_DISABLED' });
    expect((await call(t.app, { method: 'GET', url: '/api/sifts?following=false' })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/feeds/public' })).status).toBe(200);
  });
});
