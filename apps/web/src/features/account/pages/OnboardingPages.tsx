import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { AppLink } from '../../../components/AppLink';
import { useDocumentTitle } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { markOnboarded } from '../api/endpoints';
import { accountKeys, useSession } from '../api/session';
import { onboardingStore } from '../onboarding';

/**
 * The onboarding tour (SPEC §2 onboarding routes, §4 state machine): welcome → import from YouTube → what a Sift
 * is → done. Opening any step starts onboarding once (PUT /api/users/onboard, state STARTED); leaving the tour's
 * routes completes it (app/layout/RouteEffects). The import and Sift steps lead to the pages that do those things.
 */

const TOTAL_STEPS = 4;

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
  step,
  title,
  art,
  children,
  primary,
  secondary,
}: {
  step: number;
  title: string;
  art: ReactNode;
  children: ReactNode;
  primary: StepLink;
  secondary?: StepLink;
}) {
  useDocumentTitle(title);
  useStartOnboarding();
  return (
    <section className="onboarding" aria-labelledby="page-title">
      <div className="onboarding-card">
        <p className="onboarding-progress">
          <span className="sr-only">
            <Trans>
              Step {step} of {TOTAL_STEPS}
            </Trans>
          </span>
          <span className="onboarding-dots" aria-hidden="true">
            {Array.from({ length: TOTAL_STEPS }, (_, i) => (
              <span key={i} className={`onboarding-dot${i < step ? ' onboarding-dot--done' : ''}`} />
            ))}
          </span>
          <span aria-hidden="true">
            <Trans>
              Step {step} of {TOTAL_STEPS}
            </Trans>
          </span>
        </p>
        <div className="onboarding-art" aria-hidden="true">
          {art}
        </div>
        <h1 id="page-title" className="onboarding-title" tabIndex={-1}>
          {title}
        </h1>
        <div className="onboarding-text">{children}</div>
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
      </div>
    </section>
  );
}

const Art = ({ d }: { d: string }) => (
  <svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={d} />
  </svg>
);

/** /welcome and /welcome-old */
export function WelcomePage() {
  const { t } = useLingui();
  const { firstName } = useSession();
  return (
    <OnboardingStep
      step={1}
      title={firstName ? t`Welcome to ${APP_NAME}, ${firstName}!` : t`Welcome to ${APP_NAME}!`}
      art={<Art d="M3 5h18l-7 8v6l-4 2v-8z" />}
      primary={{ label: t`Let's go`, to: paths.youtubeImportIntro }}
      secondary={{ label: t`Skip the tour`, to: paths.home }}
    >
      <p>
        <Trans>
          {APP_NAME} gathers the channels you care about into one calm feed. Two quick steps and your home page is
          yours.
        </Trans>
      </p>
    </OnboardingStep>
  );
}

/** /youtubeImportIntro */
export function YoutubeImportIntroPage() {
  const { t } = useLingui();
  return (
    <OnboardingStep
      step={2}
      title={t`Bring your YouTube subscriptions`}
      art={<Art d="M12 3v12M7 10l5 5 5-5M4 19h16" />}
      primary={{ label: t`Import from YouTube`, to: paths.youtubeImport }}
      secondary={{ label: t`Skip`, to: paths.siftIntro }}
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
  return (
    <OnboardingStep
      step={2}
      title={t`Import from YouTube`}
      art={<Art d="M4 6h12M4 11h12M4 16h7M16 14v6l5-3z" />}
      primary={{ label: t`Continue`, to: paths.siftIntro }}
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

/** /siftIntro */
export function SiftIntroPage() {
  const { t } = useLingui();
  return (
    <OnboardingStep
      step={3}
      title={t`What is a Sift?`}
      art={<Art d="M4 5h16M7 10h10M10 15h4M12 15v5" />}
      primary={{ label: t`Next`, to: paths.siftCreate }}
      secondary={{ label: t`Skip`, to: paths.home }}
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
  return (
    <OnboardingStep
      step={4}
      title={t`You're all set!`}
      art={<Art d="M20 6 9 17l-5-5" />}
      primary={{ label: t`Create my first Sift`, to: paths.createSift }}
      secondary={{ label: t`Go to my videos`, to: paths.home }}
    >
      <p>
        <Trans>Create your first Sift now, or start watching. You can always do it later from the menu.</Trans>
      </p>
    </OnboardingStep>
  );
}
