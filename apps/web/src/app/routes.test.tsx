import { describe, expect, it } from 'vitest';
import { nextHistoryPosition } from './history';
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
    for (const p of ['/welcome', '/welcome-old', '/youtubeImportIntro', '/youtubeImport', '/siftIntro', '/siftCreate']) {
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

describe('history position', () => {
  it('a push drops the forward entries', () => {
    expect(nextHistoryPosition({ idx: 1, max: 3 }, 'PUSH', 2)).toEqual({ idx: 2, max: 2 });
  });
  it('going back keeps the forward entries', () => {
    expect(nextHistoryPosition({ idx: 2, max: 2 }, 'POP', 1)).toEqual({ idx: 1, max: 2 });
  });
  it('a replace keeps the position', () => {
    expect(nextHistoryPosition({ idx: 1, max: 2 }, 'REPLACE', 1)).toEqual({ idx: 1, max: 2 });
  });
});
