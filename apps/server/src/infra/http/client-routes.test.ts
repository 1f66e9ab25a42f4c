import { describe, expect, it } from 'vitest';
import { isClientRoute } from './client-routes.js';

describe('isClientRoute: the web app has a page at the path (as React Router matches it)', () => {
  it.each([
    '/',
    '/watch',
    '/login',
    '/LOGIN',
    '/login/',
    '/search/main',
    '/sifts/abc',
    '/sifts/abc/edit',
    '/playlists/wl',
    '/channel/UC123',
    '/user-profile/x',
    '/confirmRegistration',
    '/confirmRegistration/token',
    '/email-sent/a%40b.c',
    '/oauth2/google',
    '/oauth2/google/callback',
    '/ec',
    '/ec/login',
  ])('%s is a page', (path) => expect(isClientRoute(path)).toBe(true));

  it.each(['/no/such/page', '/sifts/abc/more', '/sifts/abc/edit/more', '/playlist/1', '/loginx', '/watch/1', '/confirmRegistration/a/b', '/welcome/1', '/channel'])(
    '%s is not',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});
