import { describe, expect, it } from 'vitest';
import { decideNavigation, isDuplicateNavigation, type GuardDecision, type GuardInput } from './guard';
import { findRoute } from './routes';

type Who = 'visitor' | 'member' | 'new-member' | 'stale-token' | 'checking';

const SESSIONS: Record<Who, Pick<GuardInput, 'hasToken' | 'loggedIn' | 'onboarded' | 'userPending'>> = {
  visitor: { hasToken: false, loggedIn: false, onboarded: true },
  member: { hasToken: true, loggedIn: true, onboarded: true },
  /** Logged in, not onboarded, onboarding not started. */
  'new-member': { hasToken: true, loggedIn: true, onboarded: false },
  /** A token whose user data has not arrived (yet). */
  'stale-token': { hasToken: true, loggedIn: false, onboarded: true },
  /** A token whose user data is still on its way. */
  checking: { hasToken: true, loggedIn: false, onboarded: true, userPending: true },
};

/** Runs the guard for a URL the way routes.tsx does: the route table decides the route and its params. */
function decide(url: string, who: Who, extra: Partial<GuardInput> = {}): GuardDecision {
  const u = new URL(url, 'http://app');
  const route = findRoute(u.pathname);
  const params = matchParams(route.path, u.pathname);
  return decideNavigation({ route, pathname: u.pathname, search: u.search, hash: u.hash, params, ...SESSIONS[who], ...extra });
}

function matchParams(pattern: string, pathname: string): Record<string, string | undefined> {
  const names = pattern.split('/');
  const parts = pathname.split('/');
  const out: Record<string, string | undefined> = {};
  names.forEach((n, i) => {
    if (n.startsWith(':')) out[n.slice(1).replace('?', '')] = parts[i] ? decodeURIComponent(parts[i]!) : undefined;
  });
  return out;
}

const render: GuardDecision = { kind: 'render' };
const login = (target: string): GuardDecision => ({ kind: 'login', to: `/login?redirect=${encodeURIComponent(target)}` });
const redirect = (to: string, showModal?: string): GuardDecision =>
  showModal ? ({ kind: 'redirect', to, state: { showModal } } as GuardDecision) : { kind: 'redirect', to };

describe('navigation guard (SPEC §2)', () => {
  it.each<[string, Who, GuardDecision]>([
    // public routes render for everyone
    ['/', 'visitor', render],
    ['/channel/UC1', 'visitor', render],
    ['/login', 'visitor', render],
    ['/signup', 'visitor', render],
    ['/confirmRegistration/abc', 'visitor', render],
    ['/privacy', 'member', render],
    // login-required routes without a token → /login with the full target path (query and hash included)
    ['/profile', 'visitor', login('/profile')],
    ['/profileEdit', 'visitor', login('/profileEdit')],
    ['/profile-edit', 'visitor', login('/profile-edit')],
    ['/change-password', 'visitor', login('/change-password')],
    ['/importYoutubeChannels?x=1', 'visitor', login('/importYoutubeChannels?x=1')],
    ['/importYoutubePlaylists#top', 'visitor', login('/importYoutubePlaylists#top')],
    ['/profile?v=vid1&tab=a', 'visitor', login('/profile?v=vid1&tab=a')],
    // onboarding routes need login too
    ['/welcome', 'visitor', login('/welcome')],
    ['/siftCreate', 'visitor', login('/siftCreate')],
    // with a token the page renders (the user data may still be loading)
    ['/profile', 'member', render],
    ['/profile', 'stale-token', render],
    // /feed needs login only with vid or sid
    ['/feed', 'visitor', render],
    ['/feed/myfeed', 'visitor', render],
    ['/feed?vid=abc', 'visitor', login('/feed?vid=abc')],
    ['/feed/myfeed?sid=42', 'visitor', login('/feed/myfeed?sid=42')],
    ['/feed?sid=42', 'member', render],
    // logged in but not onboarded → /welcome, except on the onboarding routes
    ['/', 'new-member', redirect('/welcome')],
    ['/profile', 'new-member', redirect('/welcome')],
    ['/channel/UC1', 'new-member', redirect('/welcome')],
    ['/welcome', 'new-member', render],
    ['/welcome-old', 'new-member', render],
    ['/youtubeImportIntro', 'new-member', render],
    ['/youtubeImport', 'new-member', render],
    ['/siftIntro', 'new-member', render],
    ['/siftCreate', 'new-member', render],
    ['/welcome', 'member', render],
    // OAuth routes: handled by the guard
    ['/oauth2/google', 'visitor', { kind: 'oauth', step: 'start', provider: 'google' }],
    ['/oauth2/GOOGLE', 'visitor', { kind: 'oauth', step: 'start', provider: 'google' }],
    ['/oauth2/google/callback?code=c&state=s', 'visitor', { kind: 'oauth', step: 'callback', provider: 'google' }],
    ['/oauth2/facebook', 'visitor', redirect('/')],
    ['/oauth2/facebook/callback?code=c', 'visitor', redirect('/')],
    ['/oauth2/google', 'member', redirect('/')],
    // (a member on the callback: the callback step itself goes to the Dashboard, see OAuthPages)
    ['/oauth2/google/callback?code=c&state=s', 'member', { kind: 'oauth', step: 'callback', provider: 'google' }],
    ['/oauth2/google', 'new-member', redirect('/')],
    // (whether a kept token is a member is not known yet: the start waits rather than leave for the provider)
    ['/oauth2/google', 'checking', { kind: 'wait' }],
    ['/oauth2/google/callback?code=c&state=s', 'checking', { kind: 'oauth', step: 'callback', provider: 'google' }],
    ['/profile', 'checking', render],
    // showModal opens login, channel, subscribe or multiSubscribe on the Dashboard
    ['/ec/login', 'visitor', redirect('/', 'login')],
    ['/ec/channel', 'visitor', redirect('/', 'channel')],
    ['/ec/subscribe', 'member', redirect('/', 'subscribe')],
    ['/ec/multiSubscribe', 'member', redirect('/', 'multiSubscribe')],
    ['/ec/multiSubscribe?v=abc', 'member', redirect('/?v=abc', 'multiSubscribe')],
    ['/ec/nothing', 'visitor', redirect('/')],
    ['/ec', 'visitor', redirect('/')],
  ])('%s as %s', (url, who, expected) => {
    expect(decide(url, who)).toEqual(expected);
  });

  it('does not send a user to /welcome while logging out', () => {
    expect(decide('/profile', 'new-member', { loggingOut: true })).toEqual(render);
  });

  it('a started onboarding counts as onboarded', () => {
    // session.onboarded is hasOnboarded(user.onboarded, state): STARTED makes it true.
    expect(decide('/', 'new-member', { onboarded: true })).toEqual(render);
  });
});

describe('duplicate navigation', () => {
  it.each([
    [{ pathname: '/', search: '' }, '/', true],
    [{ pathname: '/welcome', search: '' }, '/welcome', true],
    [{ pathname: '/login', search: '?redirect=%2Fprofile' }, '/login?redirect=%2Fprofile', true],
    [{ pathname: '/login', search: '' }, '/login?redirect=%2Fprofile', false],
    [{ pathname: '/', search: '', hash: '#a' }, '/', false],
  ])('%o → %s duplicate: %s', (current, to, duplicate) => {
    expect(isDuplicateNavigation(current, to)).toBe(duplicate);
  });
});
