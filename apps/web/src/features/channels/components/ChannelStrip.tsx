import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChannelTile } from '../../../components/Cards';
import { useDrawnByTasks } from '../../../components/InfiniteList';
import { useChannelSearch } from '../api/queries';

/**
 * Tiles drawn when the channels arrive, two a task (`useDrawnByTasks`): more than a 1280 px screen shows (~7). The others
 * are drawn once the strip is scrolled near its end or takes the focus (issue 18: drawing all 20 with the first cards
 * held a phone's main thread for ~150 ms, for tiles off to the right that few scroll to).
 */
const FIRST_TILES = 8;
/** How near (px) the last drawn tile comes to the strip's visible part before the rest are drawn. */
const DRAW_AHEAD_PX = 300;

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** How many channels the strip asks for. */
export const STRIP_LIMIT = 20;

/**
 * The Dashboard's "Channels" row: the most-followed channels, scrolling sideways. One stop in the tab order (issue 18:
 * its 20 cards stood between the search box and the first video); the arrow keys, Home and End move along it.
 * `held`: the channels are fetched but only the placeholder is drawn (the Dashboard under the video modal).
 */
export function ChannelStrip({ limit = STRIP_LIMIT, held = false }: { limit?: number; held?: boolean }) {
  const { t } = useLingui();
  // SPEC §8 "Channel card load failure: warning only": no global error, a warning in the strip's place.
  const { data, isPending, isError, refetch } = useChannelSearch('', { limit, quiet: true });
  const channels = data?.items ?? [];
  const [active, setActive] = useState(0);
  const [all, setAll] = useState(typeof IntersectionObserver === 'undefined');
  const first = Math.min(FIRST_TILES, channels.length);
  const firstDrawn = useDrawnByTasks(first);
  const drawn = all ? channels : channels.slice(0, firstDrawn);
  const lastDrawn = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = lastDrawn.current;
    // Watched once the first tiles are all drawn: the ones on screen are not the end of the strip.
    if (!el || all || firstDrawn < first) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setAll(true), {
      root: el.parentElement,
      rootMargin: `0px ${DRAW_AHEAD_PX}px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [all, drawn.length, firstDrawn, first]);
  // The tile in the tab order (the list may have shrunk since it was chosen).
  const current = Math.min(active, channels.length - 1);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = STEPS[e.key];
    if (!step || channels.length === 0) return;
    e.preventDefault();
    const next = step(current, channels.length - 1);
    setActive(next);
    e.currentTarget.querySelectorAll<HTMLElement>('.ctile-link')[next]?.focus();
  };
  return (
    <section className="section" aria-labelledby="channels-heading">
      <div className="section-head">
        <h2 id="channels-heading">
          <Trans>Channels</Trans>
        </h2>
        <p id="channels-keys" className="sr-only">
          <Trans>Arrow keys move between channels.</Trans>
        </p>
      </div>
      {isError ? (
        <div className="message message--warn" role="status">
          <p>
            <Trans>The channels could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : isPending || held ? (
        <div className="strip strip--loading" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="ctile ctile--ghost" />
          ))}
        </div>
      ) : (
        // Focus draws every tile first: the arrow keys, Home and End move along all of them.
        <ul className="strip" aria-label={t`Popular channels`} aria-describedby="channels-keys" onKeyDown={onKeyDown} onFocus={() => setAll(true)}>
          {drawn.map((c, i) => (
            <li key={c.externalId} ref={i === drawn.length - 1 ? lastDrawn : undefined}>
              <ChannelTile channel={c} tabIndex={i === current ? 0 : -1} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
