import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { useDocumentTitle } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { markOnboarded } from '../api/endpoints';
import { accountKeys, useAuthConfig, useSession } from '../api/session';
import { onboardingStore } from '../onboarding';
import { tourNext, tourProgress, tourSteps, type TourOptions, type TourStep } from '../tour';

/**
 * The onboarding tour (SPEC §2 onboarding routes, §4 state machine): the welcome names the steps, then bring the
 * YouTube subscriptions, follow popular channels and sifts, meet Sifts, and "You're all set" leads to the feed
 * (tour.ts counts the steps and says where each leads). Opening any step starts onboarding once
 * (PUT /api/users/onboard, state STARTED); leaving the tour's routes completes it (app/layout/RouteEffects). The
 * import's and the follow step's work is handed in by `src/app` (features do not import each other).
 */

/** What each counted step is, as the welcome lists them. */
const STEP_NAMES: Record<TourStep, MessageDescriptor> = {
  import: msg`Bring your YouTube subscriptions`,
  follow: msg`Follow a few popular channels and sifts`,
  sifts: msg`Meet Sifts, your own line-ups`,
};

/** The tour as this server has it: following is a step only where follows are on (SPEC §5; on until it says). */
export function useTourOptions(): TourOptions {
  const config = useAuthConfig();
  return { follow: config.data?.subscriptionsEnabled ?? true };
}

/** Where Continue or Skip leads from the route shown. */
function useTourNext(): string {
  return tourNext(useLocation().pathname, useTourOptions());
}

function useStartOnboarding() {
  const { user } = useSession();
  const qc = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (!user || started.current || onboardingStore.get() !== 'NOT_STARTED') return;
    started.current = true;
    onboardingStore.dispatch({ type: 'start' });
    if (!user.onboarded) {
      markOnboarded()
        .then((data) => {
          if (data) qc.setQueryData(accountKeys.userAs(true), data);
          else void qc.invalidateQueries({ queryKey: accountKeys.user() });
        })
        .catch((err: unknown) => console.warn('Could not mark onboarding as started.', err));
    }
  }, [user, qc]);
}

interface StepLink {
  label: string;
  to: string;
}

function OnboardingStep({
  title,
  art,
  children,
  primary,
  secondary,
  wide,
  bar,
}: {
  title: string;
  art?: ReactNode;
  children: ReactNode;
  primary: StepLink;
  secondary?: StepLink;
  /** A step with a list to work through (the follow step): a wider card, its text left-aligned. */
  wide?: boolean;
  /** Said beside the actions, which then stay in view at the screen's bottom edge while the list scrolls. */
  bar?: ReactNode;
}) {
  useDocumentTitle(title);
  useStartOnboarding();
  const progress = tourProgress(useLocation().pathname, useTourOptions());
  const step = progress?.step;
  const total = progress?.total;
  const actions = (
    <div className="onboarding-actions">
      <AppLink to={primary.to} className="btn btn-primary">
        {primary.label}
      </AppLink>
      {secondary && (
        <AppLink to={secondary.to} className="btn btn-secondary">
          {secondary.label}
        </AppLink>
      )}
    </div>
  );
  return (
    <section className="onboarding" aria-labelledby="page-title">
      <div className={`onboarding-card${wide ? ' onboarding-card--wide' : ''}`}>
        {progress && (
          <p className="onboarding-progress">
            <span className="onboarding-dots" aria-hidden="true">
              {Array.from({ length: progress.total }, (_, i) => (
                <span key={i} className={`onboarding-dot${i < progress.step ? ' onboarding-dot--done' : ''}`} />
              ))}
            </span>
            <span>
              <Trans>
                Step {step} of {total}
              </Trans>
            </span>
          </p>
        )}
        {art && (
          <div className="onboarding-art" aria-hidden="true">
            {art}
          </div>
        )}
        <h1 id="page-title" className="onboarding-title" tabIndex={-1}>
          {title}
        </h1>
        <div className="onboarding-text">{children}</div>
        {bar ? (
          <div className="onboarding-bar">
            {bar}
            {actions}
          </div>
        ) : (
          actions
        )}
      </div>
    </section>
  );
}

const Art = ({ d }: { d: string }) => (
  <svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={d} />
  </svg>
);

/** /welcome and /welcome-old: not a step itself; it names the steps, as many as the progress counts. */
export function WelcomePage() {
  const { t } = useLingui();
  const next = useTourNext();
  const { i18n } = useLinguiRuntime();
  const { firstName } = useSession();
  const steps = tourSteps(useTourOptions());
  const count = steps.length;
  return (
    <OnboardingStep
      title={firstName ? t`Welcome to ${APP_NAME}, ${firstName}!` : t`Welcome to ${APP_NAME}!`}
      art={<Art d="M3 5h18l-7 8v6l-4 2v-8z" />}
      primary={{ label: t`Let's go`, to: next }}
      secondary={{ label: t`Skip the tour`, to: paths.home }}
    >
      <p>
        <Trans>{APP_NAME} gathers the channels you care about into one calm feed.</Trans>{' '}
        <Plural
          value={count}
          one="One quick step and it is yours:"
          _2="Two quick steps and it is yours:"
          _3="Three quick steps and it is yours:"
          other="# quick steps and it is yours:"
        />
      </p>
      <ol className="onboarding-steps">
        {steps.map((step) => (
          <li key={step}>{i18n._(STEP_NAMES[step])}</li>
        ))}
      </ol>
    </OnboardingStep>
  );
}

/** /youtubeImportIntro */
export function YoutubeImportIntroPage() {
  const { t } = useLingui();
  const next = useTourNext();
  return (
    <OnboardingStep
      title={t`Bring your YouTube subscriptions`}
      art={<Art d="M12 3v12M7 10l5 5 5-5M4 19h16" />}
      primary={{ label: t`Import from YouTube`, to: paths.youtubeImport }}
      secondary={{ label: t`Skip`, to: next }}
    >
      <p>
        <Trans>Import the channels you already follow on YouTube, so your feed starts full instead of empty.</Trans>
      </p>
    </OnboardingStep>
  );
}

/**
 * /youtubeImport: how to get the file, and the importer itself, which `src/app` hands in (features do not import
 * each other).
 */
export function YoutubeImportPage({ importer }: { importer: ReactNode }) {
  const { t } = useLingui();
  const next = useTourNext();
  return (
    <OnboardingStep
      title={t`Import from YouTube`}
      art={<Art d="M4 6h12M4 11h12M4 16h7M16 14v6l5-3z" />}
      primary={{ label: t`Continue`, to: next }}
    >
      <p>
        <Trans>
          Connect your YouTube account and pick the channels to follow, or import the file Google Takeout gives you
          (takeout.google.com, choose YouTube): your subscriptions, playlists and Watch later. Exports of NewPipe,
          FreeTube, Invidious and Piped work too.
        </Trans>
      </p>
      <div className="onboarding-import">{importer}</div>
    </OnboardingStep>
  );
}

/**
 * /followChannels: popular sifts and channels to follow in one tap each, so that the feed the tour ends on has
 * videos. `picker` (the lists and their follow buttons) and `count` (what the member follows) are handed in by
 * `src/app`; Continue stays in view at the bottom edge while the lists scroll.
 */
export function FollowChannelsPage({ picker, count }: { picker: ReactNode; count: ReactNode }) {
  const { t } = useLingui();
  const next = useTourNext();
  return (
    <OnboardingStep wide title={t`Follow what you like`} primary={{ label: t`Continue`, to: next }} bar={count}>
      <p>
        <Trans>
          Tap Follow on a few channels and sifts: their new videos fill your feed. Each sends a weekly e-mail of what is
          new; change that, or unfollow, from its page whenever you like.
        </Trans>
      </p>
      <div className="onboarding-picker">{picker}</div>
    </OnboardingStep>
  );
}

/** /siftIntro */
export function SiftIntroPage() {
  const { t } = useLingui();
  const next = useTourNext();
  return (
    <OnboardingStep
      title={t`What is a Sift?`}
      art={<Art d="M4 5h16M7 10h10M10 15h4M12 15v5" />}
      primary={{ label: t`Next`, to: next }}
      secondary={{ label: t`Skip`, to: paths.feed }}
    >
      <p>
        <Trans>A Sift is your own line-up: a few channels plus keyword filters that keep what matters and drop the rest.</Trans>
      </p>
      <ul className="onboarding-list">
        <li>
          <Trans>Pick channels, then add words that every video must have, any of, or none of.</Trans>
        </li>
        <li>
          <Trans>Share it by link; others can follow it and get new videos as they come.</Trans>
        </li>
      </ul>
    </OnboardingStep>
  );
}

/** /siftCreate: the end of the tour. */
export function SiftCreatePage() {
  const { t } = useLingui();
  const next = useTourNext();
  return (
    <OnboardingStep
      title={t`You're all set!`}
      art={<Art d="M20 6 9 17l-5-5" />}
      primary={{ label: t`Create my first Sift`, to: paths.createSift }}
      secondary={{ label: t`Go to my feed`, to: next }}
    >
      <p>
        <Trans>Create your first Sift now, or start watching what you follow. You can always make one later from the menu.</Trans>
      </p>
    </OnboardingStep>
  );
}
