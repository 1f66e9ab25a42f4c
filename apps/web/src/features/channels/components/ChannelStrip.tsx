import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { ChannelTile } from '../../../components/Cards';
import { useChannelSearch } from '../api/queries';

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The Dashboard's "Channels" row: the most-followed channels, scrolling sideways. One stop in the tab order (issue 18:
 * its 20 cards stood between the search box and the first video); the arrow keys, Home and End move along it.
 * `held`: the channels are fetched but only the placeholder is drawn (the Dashboard under the video modal).
 */
export function ChannelStrip({ limit = 20, held = false }: { limit?: number; held?: boolean }) {
  const { t } = useLingui();
  const { data, isPending, isError } = useChannelSearch('', limit);
  const channels = data?.items ?? [];
  const [active, setActive] = useState(0);
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
  if (isError) return null; // A failed strip is not worth a second error next to the feed's.
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
      {isPending || held ? (
        <div className="strip strip--loading" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="ctile ctile--ghost" />
          ))}
        </div>
      ) : (
        <ul className="strip" aria-label={t`Popular channels`} aria-describedby="channels-keys" onKeyDown={onKeyDown}>
          {channels.map((c, i) => (
            <li key={c.externalId}>
              <ChannelTile channel={c} tabIndex={i === current ? 0 : -1} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
