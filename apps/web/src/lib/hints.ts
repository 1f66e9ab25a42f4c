import { usePreference } from './hooks';
import { preferences } from './storage';

/**
 * First-run hints (SPEC §3 `toolTips`, `recheck_tooltips`; decision 049): one short tip per place, shown until the
 * person says "Got it", and shown again everywhere after "Show tips again" in the header's menu. Tips are counted in
 * rounds: `recheck_tooltips` is the round (0 until "Show tips again" is first chosen), `toolTips` the round in which
 * each place's tip was put away. A tip shows while its place has none in this round; "Show tips again" starts the next
 * round, so every tip comes back without the places seen being forgotten.
 */
export type HintPlace = 'player' | 'sift-editor';

/** A place's tip: whether it shows, and "Got it". */
export function useHint(place: HintPlace): { shown: boolean; dismiss: () => void } {
  const [seen] = usePreference('toolTips');
  const [round] = usePreference('recheck_tooltips');
  return {
    shown: (seen[place] ?? -1) < round,
    dismiss: () => preferences.set('toolTips', { ...preferences.get('toolTips'), [place]: preferences.get('recheck_tooltips') }),
  };
}

/** "Show tips again" (the header's menu), or null while no tip has been put away in this round. */
export function useShowTipsAgain(): (() => void) | null {
  const [seen] = usePreference('toolTips');
  const [round, setRound] = usePreference('recheck_tooltips');
  return Object.values(seen).some((at) => at >= round) ? () => setRound(round + 1) : null;
}
