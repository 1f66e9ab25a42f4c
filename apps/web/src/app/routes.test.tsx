import { CLIENT_PATHS } from '@sift/contracts/client-routes';
import { describe, expect, it } from 'vitest';
import { historyButtons, historyPosition } from './history';
import { ROUTES, findRoute } from './routes';

describe('route table (SPEC §2)', () => {
  it.each([
    ['/', '/'],
    ['/watch', '/watch'],
    ['/channel/UC123', '/channel/:externalId'],
    ['/search/main', '/search/main'],
    ['/playlists/wl', '/playlists/:id'],
    ['/sifts/abc123/edit', '/sifts/:hash/edit'],
    ['/cookiepolicy', '/cookiepolicy'],
    ['/password-reset', '/password-reset'],
    ['/confirm-registration', '/confirm-registration/:token?'],
    ['/confirm-registration/tok', '/confirm-registration/:token?'],
    ['/confirmRegistration/tok', '/confirmRegistration/:token?'],
    ['/resend-activation/a@b.c', '/resend-activation/:email?'],
    ['/signup-success/a@b.c', '/signup-success/:email?'],
    ['/verify', '/verify/:email?'],
    ['/feed/myfeed', '/feed/myfeed'],
    ['/profile-edit', '/profile-edit'],
    ['/reactivate', '/reactivate'],
    ['/ec', '/ec/:showModal?'],
    ['/ec/login', '/ec/:showModal?'],
    ['/oauth2/google', '/oauth2/:provider'],
    ['/oauth2/google/callback', '/oauth2/:provider/callback'],
    // Google's way back with the YouTube permission has a page of its own, above the sign-in's callback.
    ['/oauth2/youtube/callback', '/oauth2/youtube/callback'],
    ['/oauth2/youtube', '/oauth2/:provider'],
    ['/nothing/here', '*'],
    ['/channel', '*'],
  ])('%s renders %s', (pathname, pattern) => {
    expect(findRoute(pathname).path).toBe(pattern);
  });

  it('has one definition per path', () => {
    const seen = new Set(ROUTES.map((r) => r.path));
    expect(seen.size).toBe(ROUTES.length);
  });

  it('routes exactly the paths the server knows (it answers 404 for any other address, decisions/043)', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(CLIENT_PATHS)));
  });

  it('aliases share their target title', () => {
    expect(findRoute('/cookiepolicy').title).toBe(findRoute('/privacy').title);
    expect(findRoute('/password-reset').title).toBe(findRoute('/passwordReset').title);
    expect(findRoute('/verify/x').title).toBe(findRoute('/email-sent/x').title);
    expect(findRoute('/resend-activation').title).toBe(findRoute('/confirmation-expired').title);
  });

  it('carries header and footer flags', () => {
    expect(findRoute('/')).toMatchObject({ header: true, footer: true });
    expect(findRoute('/social-redirect')).toMatchObject({ header: false, footer: false });
    expect(findRoute('/oauth2/google')).toMatchObject({ header: false, footer: false });
    // Needs the member's login; exempt from the onboarding redirect (it may be the onboarding's own round trip).
    expect(findRoute('/oauth2/youtube/callback')).toMatchObject({ header: false, footer: false, access: 'login', onboarding: true });
    expect(findRoute('/oauth2/youtube/callback').special).toBeUndefined();
    for (const p of ['/welcome', '/welcome-old', '/youtubeImportIntro', '/youtubeImport', '/followChannels', '/siftIntro', '/siftCreate']) {
      expect(findRoute(p)).toMatchObject({ header: true, footer: false, access: 'login', onboarding: true });
    }
  });

  it('marks login-required routes', () => {
    for (const p of ['/profile', '/profileEdit', '/profile-edit', '/change-password', '/importYoutubeChannels', '/importYoutubePlaylists']) {
      expect(findRoute(p).access).toBe('login');
    }
    expect(findRoute('/feed').access).toBe('feed');
    expect(findRoute('/feed/myfeed').access).toBe('feed');
    expect(findRoute('/channel/x').access).toBe('public');
  });
});

describe("history position (the browser's history decides)", () => {
  it('a push is one past the previous entry, and the browser dropped what was forward', () => {
    expect(historyPosition(1, 'PUSH', null, 3)).toBe(2);
    expect(historyButtons(2, 3)).toEqual({ canGoBack: true, canGoForward: false });
  });
  it('back and forward read the position the entry carries; forward stays while entries follow', () => {
    expect(historyPosition(2, 'POP', 1, 3)).toBe(1);
    expect(historyButtons(1, 3)).toEqual({ canGoBack: true, canGoForward: true });
  });
  it('a replace keeps the position', () => {
    expect(historyPosition(1, 'REPLACE', null, 3)).toBe(1);
  });
  it('a reload reads the position back: Back stays enabled with history behind', () => {
    expect(historyPosition(null, 'POP', 4, 6)).toBe(4);
    expect(historyButtons(4, 6)).toEqual({ canGoBack: true, canGoForward: true });
  });
  it('a typed address is the last entry: Back with entries behind it, never Forward', () => {
    expect(historyPosition(null, 'POP', null, 5)).toBe(4);
    expect(historyButtons(4, 5)).toEqual({ canGoBack: true, canGoForward: false });
    expect(historyButtons(historyPosition(null, 'POP', null, 1), 1)).toEqual({ canGoBack: false, canGoForward: false });
  });
});
