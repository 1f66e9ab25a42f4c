import { ChannelTile } from '../../../components/Cards';
import { useChannelSearch } from '../api/queries';

/** The Dashboard's "Channels" row: the most-followed channels, scrolling sideways. */
export function ChannelStrip({ limit = 20 }: { limit?: number }) {
  const { data, isPending, isError } = useChannelSearch('', limit);
  const channels = data?.items ?? [];
  if (isError) return null; // A failed strip is not worth a second error next to the feed's.
  return (
    <section className="section" aria-labelledby="channels-heading">
      <div className="section-head">
        <h2 id="channels-heading">Channels</h2>
      </div>
      {isPending ? (
        <div className="strip strip--loading" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="ctile ctile--ghost" />
          ))}
        </div>
      ) : (
        <ul className="strip" aria-label="Popular channels">
          {channels.map((c) => (
            <li key={c.externalId}>
              <ChannelTile channel={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
