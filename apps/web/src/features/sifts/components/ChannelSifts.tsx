import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Icon } from '../../../components/Icon';
import { formatNumber } from '../../../lib/format';
import { to } from '../../../lib/paths';
import { useChannelSifts, type ChannelSiftsQuery } from '../api/discovery';
import { SiftRow } from './SiftCards';
import '../discovery.css';

/**
 * "In N public sifts" (issue 31): the public sifts a channel is part of, the most followed first, so following a
 * channel leads to the line-ups around it. `query` is `useChannelSifts(externalId)`, started by the page beside its
 * other reads; nothing shows while it loads, fails, or finds none. On the channel page (`page`): an h2 section of
 * cards with "Show more"; in the channel modal (`modal`): an h3 and a short list of links.
 */
export function ChannelSifts({ query, variant = 'page' }: { query: ChannelSiftsQuery; variant?: 'page' | 'modal' }) {
  const { t } = useLingui();
  const id = useId();
  const { sifts, total } = query;
  if (!total || sifts.length === 0) return null;
  const n = formatNumber(total);
  const heading = <Plural value={total} one={`In ${n} public sift`} other={`In ${n} public sifts`} />;
  const more = query.hasNextPage && (
    <button type="button" className="btn btn-secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      <Trans>Show more sifts</Trans>
    </button>
  );
  if (variant === 'modal') {
    return (
      <section className="channel-sifts channel-sifts--modal" aria-labelledby={id}>
        <h3 id={id}>{heading}</h3>
        <ul className="channel-sifts-list">
          {sifts.map((s) => {
            const followers = formatNumber(s.numberOfFollowers, true);
            return (
              <li key={s.hash}>
                <AppLink to={to.sift(s.hash)} className="channel-sifts-link">
                  <span className="channel-sifts-cover" aria-hidden="true">
                    {s.thumbnail ? <img src={s.thumbnail} alt="" width={64} height={36} loading="lazy" /> : <Icon name="sift" size={20} />}
                  </span>
                  <span className="channel-sifts-name">{s.name}</span>
                </AppLink>
                <span className="channel-sifts-meta">
                  <Plural value={s.numberOfFollowers} one={`${followers} follower`} other={`${followers} followers`} />
                </span>
              </li>
            );
          })}
        </ul>
        {more}
      </section>
    );
  }
  return (
    <section className="section channel-sifts" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{heading}</h2>
      </div>
      <SiftRow sifts={sifts} label={t`Public sifts with this channel`} />
      {more && <div className="channel-sifts-more">{more}</div>}
    </section>
  );
}

/** The channel modal's part (a lazy chunk of its own): reads the channel's sifts itself. */
export default function ChannelModalSifts({ externalId }: { externalId: string }) {
  return <ChannelSifts query={useChannelSifts(externalId)} variant="modal" />;
}
