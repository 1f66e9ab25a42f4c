import { paths } from '../../lib/paths';

// A module of its own, apart from onboarding.ts (which the guard loads with the first route): only the tour's pages,
// which load with their routes, need it.

/**
 * The tour's counted steps (issue 31 item 8): bring the YouTube subscriptions, follow popular channels and sifts, meet
 * Sifts. The welcome before them and "You're all set" after them are not steps; the welcome names as many steps as
 * the progress counts. Following is left out when the server has the subscription option off (SPEC §5).
 */
export type TourStep = 'import' | 'follow' | 'sifts';

export interface TourOptions {
  /** The subscription option (GET /api/auth/config subscriptionsEnabled). */
  follow: boolean;
}

/** Each step's routes, its entry first. */
const STEP_PATHS: Record<TourStep, readonly string[]> = {
  import: [paths.youtubeImportIntro, paths.youtubeImport],
  follow: [paths.followChannels],
  sifts: [paths.siftIntro],
};
const ORDER: readonly TourStep[] = ['import', 'follow', 'sifts'];
const stepAt = (pathname: string) => ORDER.findIndex((step) => STEP_PATHS[step].includes(pathname));

export function tourSteps(options: TourOptions): TourStep[] {
  return ORDER.filter((step) => step !== 'follow' || options.follow);
}

/** "Step {step} of {total}" for a step's route; null for the welcome, the end, and a step left out. */
export function tourProgress(pathname: string, options: TourOptions): { step: number; total: number } | null {
  const steps = tourSteps(options);
  const at = stepAt(pathname);
  const step = at < 0 ? -1 : steps.indexOf(ORDER[at]!);
  return step < 0 ? null : { step: step + 1, total: steps.length };
}

/**
 * Where "Continue" (or "Skip") leads from a route of the tour: the welcome to the first step, a step to the next
 * one, the last step to the end, the end to the member's feed, which the follow step has filled.
 */
export function tourNext(pathname: string, options: TourOptions): string {
  if (pathname === paths.siftCreate) return paths.feed;
  const here = stepAt(pathname);
  const next = tourSteps(options).find((step) => ORDER.indexOf(step) > here);
  return next ? STEP_PATHS[next][0]! : paths.siftCreate;
}
