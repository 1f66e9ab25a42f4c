/**
 * The onboarding state machine of SPEC §4:
 * - COMPLETED at login when the user is already onboarded;
 * - starting onboarding (PUT /api/users/onboard) sets STARTED;
 * - leaving the onboarding routes while STARTED sets COMPLETED;
 * - logout resets it to NOT_STARTED.
 * Pure transitions plus a tiny store kept in sessionStorage, so a reload in the middle of the tour keeps its place.
 */

export type OnboardingState = 'NOT_STARTED' | 'STARTED' | 'COMPLETED';

export type OnboardingEvent =
  | { type: 'login'; onboarded: boolean }
  | { type: 'start' }
  | { type: 'navigate'; onboardingRoute: boolean }
  | { type: 'logout' };

export function nextOnboardingState(state: OnboardingState, event: OnboardingEvent): OnboardingState {
  switch (event.type) {
    case 'login':
      return event.onboarded ? 'COMPLETED' : state;
    case 'start':
      return state === 'COMPLETED' ? state : 'STARTED';
    case 'navigate':
      return state === 'STARTED' && !event.onboardingRoute ? 'COMPLETED' : state;
    case 'logout':
      return 'NOT_STARTED';
  }
}

/** Whether the guard may let a logged-in user past the onboarding routes. */
export const hasOnboarded = (userOnboarded: boolean, state: OnboardingState) => userOnboarded || state !== 'NOT_STARTED';

const KEY = 'sift.onboarding';
const STATES: readonly OnboardingState[] = ['NOT_STARTED', 'STARTED', 'COMPLETED'];

function load(): OnboardingState {
  try {
    const v = sessionStorage.getItem(KEY);
    return STATES.includes(v as OnboardingState) ? (v as OnboardingState) : 'NOT_STARTED';
  } catch {
    return 'NOT_STARTED';
  }
}

let state: OnboardingState = typeof window === 'undefined' ? 'NOT_STARTED' : load();
const listeners = new Set<() => void>();

export const onboardingStore = {
  get: () => state,
  dispatch(event: OnboardingEvent) {
    const next = nextOnboardingState(state, event);
    if (next === state) return;
    state = next;
    try {
      sessionStorage.setItem(KEY, next);
    } catch {
      /* this page view still knows */
    }
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};
