import { beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_PATHS } from '../../lib/paths';
import { hasOnboarded, nextOnboardingState, onboardingStore, tourNext, tourProgress, tourSteps, type OnboardingEvent, type OnboardingState } from './onboarding';

describe('onboarding state machine (SPEC §4)', () => {
  it.each<[OnboardingState, OnboardingEvent, OnboardingState]>([
    // COMPLETED at login if the user is onboarded
    ['NOT_STARTED', { type: 'login', onboarded: true }, 'COMPLETED'],
    ['NOT_STARTED', { type: 'login', onboarded: false }, 'NOT_STARTED'],
    ['STARTED', { type: 'login', onboarded: true }, 'COMPLETED'],
    // starting onboarding sets STARTED
    ['NOT_STARTED', { type: 'start' }, 'STARTED'],
    ['STARTED', { type: 'start' }, 'STARTED'],
    ['COMPLETED', { type: 'start' }, 'COMPLETED'],
    // leaving the onboarding routes while STARTED sets COMPLETED
    ['STARTED', { type: 'navigate', onboardingRoute: true }, 'STARTED'],
    ['STARTED', { type: 'navigate', onboardingRoute: false }, 'COMPLETED'],
    ['NOT_STARTED', { type: 'navigate', onboardingRoute: false }, 'NOT_STARTED'],
    ['COMPLETED', { type: 'navigate', onboardingRoute: true }, 'COMPLETED'],
    // logout resets
    ['STARTED', { type: 'logout' }, 'NOT_STARTED'],
    ['COMPLETED', { type: 'logout' }, 'NOT_STARTED'],
  ])('%s + %o → %s', (from, event, to) => {
    expect(nextOnboardingState(from, event)).toBe(to);
  });

  it('a whole tour: login, start, walk the steps, leave', () => {
    const events: OnboardingEvent[] = [
      { type: 'login', onboarded: false },
      { type: 'start' },
      { type: 'navigate', onboardingRoute: true },
      { type: 'navigate', onboardingRoute: true },
      { type: 'navigate', onboardingRoute: false },
    ];
    const states = events.reduce<OnboardingState[]>((acc, e) => [...acc, nextOnboardingState(acc.at(-1)!, e)], ['NOT_STARTED']);
    expect(states).toEqual(['NOT_STARTED', 'NOT_STARTED', 'STARTED', 'STARTED', 'STARTED', 'COMPLETED']);
  });

  it('counts a started tour as onboarded for the guard', () => {
    expect(hasOnboarded(false, 'NOT_STARTED')).toBe(false);
    expect(hasOnboarded(false, 'STARTED')).toBe(true);
    expect(hasOnboarded(true, 'NOT_STARTED')).toBe(true);
  });
});

describe('onboarding store', () => {
  beforeEach(() => onboardingStore.dispatch({ type: 'logout' }));

  it('keeps its state in sessionStorage and notifies on change only', () => {
    let calls = 0;
    const off = onboardingStore.subscribe(() => calls++);
    onboardingStore.dispatch({ type: 'start' });
    onboardingStore.dispatch({ type: 'start' });
    expect(onboardingStore.get()).toBe('STARTED');
    expect(sessionStorage.getItem('sift.onboarding')).toBe('STARTED');
    expect(calls).toBe(1);
    off();
  });
});

describe('the tour (issue 31: its count and its words agree, and it passes channels to follow before the feed)', () => {
  const on = { follow: true };
  const off = { follow: false };

  it('counts three steps: import, follow, Sifts; the welcome and the end are not steps', () => {
    expect(tourSteps(on)).toEqual(['import', 'follow', 'sifts']);
    expect(tourProgress('/welcome', on)).toBeNull();
    expect(tourProgress('/youtubeImportIntro', on)).toEqual({ step: 1, total: 3 });
    expect(tourProgress('/youtubeImport', on)).toEqual({ step: 1, total: 3 });
    expect(tourProgress('/followChannels', on)).toEqual({ step: 2, total: 3 });
    expect(tourProgress('/siftIntro', on)).toEqual({ step: 3, total: 3 });
    expect(tourProgress('/siftCreate', on)).toBeNull();
  });

  it('leads to the channels to follow whether the import is done or skipped, and ends on the feed', () => {
    const walk = (from: string, options = on) => {
      const seen = [from];
      while (seen.at(-1) !== '/feed' && seen.length < 10) seen.push(tourNext(seen.at(-1)!, options));
      return seen;
    };
    expect(walk('/welcome')).toEqual(['/welcome', '/youtubeImportIntro', '/followChannels', '/siftIntro', '/siftCreate', '/feed']);
    // "Skip" on the import's intro and "Continue" after the import both go on to following.
    expect(tourNext('/youtubeImportIntro', on)).toBe('/followChannels');
    expect(tourNext('/youtubeImport', on)).toBe('/followChannels');
    expect(tourNext('/welcome-old', on)).toBe('/youtubeImportIntro');
  });

  it('leaves following out where the server has follows off, and counts two steps then', () => {
    expect(tourSteps(off)).toEqual(['import', 'sifts']);
    expect(tourProgress('/siftIntro', off)).toEqual({ step: 2, total: 2 });
    expect(tourProgress('/followChannels', off)).toBeNull();
    expect(tourNext('/youtubeImport', off)).toBe('/siftIntro');
    expect(tourNext('/followChannels', off)).toBe('/siftIntro');
  });

  it('every step is an onboarding route (login required, footer hidden)', () => {
    for (const path of ['/welcome', '/youtubeImportIntro', '/youtubeImport', '/followChannels', '/siftIntro', '/siftCreate']) expect(ONBOARDING_PATHS).toContain(path);
  });
});
