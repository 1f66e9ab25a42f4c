import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SiftSummary } from '@sift/contracts';
import { Icon } from '../../../components/Icon';
import { PickList, PickListError, PickListGhost, PickRow } from '../../../components/PickList';
import { formatNumber } from '../../../lib/format';
import { useSiftExplore } from '../api/discovery';

/** A few: the step is about starting a feed, not browsing Explore. */
const SHOWN = 4;

/**
 * The onboarding's popular sifts (issue 31 item 8): the most followed public sifts (Explore's first list; on the demo,
 * the curators' seeded ones), each with the control `follow` draws (the app hands in the one-tap follow). Nothing
 * is drawn when there are none, or when they cannot be read: the channels below are the step's substance.
 */
export function PopularSifts({ follow, headingId }: { follow: (sift: SiftSummary) => ReactNode; headingId: string }) {
  const { t } = useLingui();
  const explore = useSiftExplore();
  // A member's own sift is not theirs to follow.
  const sifts = (explore.data?.mostFollowed ?? []).filter((s) => !s.owner.creator).slice(0, SHOWN);
  if (explore.isSuccess && sifts.length === 0) return null;
  return (
    <section className="pick-section" aria-labelledby={headingId} aria-busy={explore.isPending}>
      <h2 id={headingId} className="pick-heading">
        <Trans>Popular sifts</Trans>
      </h2>
      <p className="pick-intro">
        <Trans>Line-ups people here made: a few channels, filtered by keywords.</Trans>
      </p>
      {explore.isError ? (
        <PickListError retry={() => void explore.refetch()} />
      ) : explore.isPending ? (
        <PickListGhost rows={2} />
      ) : (
        <PickList label={t`Popular sifts`}>
          {sifts.map((sift) => {
            const channels = formatNumber(sift.numberOfChannels);
            const followers = formatNumber(sift.numberOfFollowers, true);
            const owner = `${sift.owner.firstName} ${sift.owner.lastName}`.trim();
            return (
              <PickRow
                key={sift.hash}
                image={
                  <span className="pick-cover" aria-hidden="true">
                    {sift.thumbnail ? <img src={sift.thumbnail} alt="" loading="lazy" width={64} height={36} /> : <Icon name="sift" size={22} />}
                  </span>
                }
                name={sift.name}
                meta={
                  <>
                    <span className="pick-meta-line">
                      <Trans comment="The owner of a playlist or sift">by {owner}</Trans>
                    </span>
                    <span>
                      <Plural value={sift.numberOfChannels} one={`${channels} channel`} other={`${channels} channels`} />
                    </span>
                    <span>
                      <Plural value={sift.numberOfFollowers} one={`${followers} follower`} other={`${followers} followers`} />
                    </span>
                  </>
                }
                action={follow(sift)}
              />
            );
          })}
        </PickList>
      )}
    </section>
  );
}
