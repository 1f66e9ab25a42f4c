// Eager exports only: what the shell, the guard and the providers need on every page. The pages
// (features/account/pages/*) and the login modal load with their routes, so they stay out of the first chunk.
export {
  useSession,
  useLogout,
  useUserData,
  useAuthConfig,
  clearLocalSession,
  performLogout,
  resetSessionContent,
  refreshUserData,
  accountKeys,
  loggingOut,
  useFlag,
  type Session,
  type UserInfo,
} from './api/session';
export { onboardingStore, hasOnboarded, nextOnboardingState, type OnboardingState, type OnboardingEvent } from './onboarding';
export { AccountNotices, ReactivatedModal } from './components/AccountNotices';
export { UPDATE_PROFILE_ACTION, replayUpdateProfile } from './actions';
export { isKnownProvider } from './login-flow';
