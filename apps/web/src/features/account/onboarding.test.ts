import { beforeEach, describe, expect, it } from 'vitest';
import { hasOnboarded, nextOnboardingState, onboardingStore, type OnboardingEvent, type OnboardingState } from './onboarding';

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
