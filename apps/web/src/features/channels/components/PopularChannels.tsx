import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Channel } from '@sift/contracts';
import { Avatar, CountOf } from '../../../components/Cards';
import { PickList, PickListError, PickListGhost, PickRow } from '../../../components/PickList';
import { categoryName } from '../../../lib/categories';
import { usePopularChannels } from '../api/popular';
import { useChannelSearch } from '../api/queries';

/** Channels a category offers: enough to choose from without making the step a long scroll. */
const PER_CATEGORY = 4;
/** Where no channel has a category yet (a catalog described before categories): the most followed, in one list. */
const UNCATEGORISED = 12;

/**
 * The onboarding's popular channels (issue 31 item 8): each category's most followed channels that have videos, under
 * the category's name, each with the control `follow` draws (the app hands in the subscriptions' one-tap follow;
 * features do not import each other). A row names the channel without linking it: a link would leave the tour.
 */
export function PopularChannels({ follow, headingId }: { follow: (channel: Channel) => ReactNode; headingId: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const popular = usePopularChannels(PER_CATEGORY);
  const categories = popular.data?.categories ?? [];
  const uncategorised = popular.isSuccess && categories.length === 0;
  const flat = useChannelSearch('', { limit: UNCATEGORISED, enabled: uncategorised });
  const busy = popular.isPending || (uncategorised && flat.isPending);
  const rows = (channels: Channel[], label: string) => (
    <PickList label={label}>
      {channels.map((channel) => (
        <PickRow
          key={channel.externalId}
          image={<Avatar src={channel.thumbnail} size={44} name={channel.name} />}
          name={channel.name}
          meta={<CountOf what="followers" n={channel.numberOfFollowers} />}
          action={follow(channel)}
        />
      ))}
    </PickList>
  );
  return (
    <section className="pick-section" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="pick-heading">
        <Trans>Popular channels</Trans>
      </h2>
      {popular.isError || flat.isError ? (
        <PickListError retry={() => void (popular.isError ? popular.refetch() : flat.refetch())} />
      ) : busy ? (
        <PickListGhost rows={PER_CATEGORY * 2} />
      ) : uncategorised ? (
        rows(flat.data?.items ?? [], t`Popular channels`)
      ) : (
        <div className="pick-groups">
          {categories.map((category) => {
            const name = categoryName(i18n, category.id, category.name);
            return (
              <div key={category.id} className="pick-group">
                <h3 id={`${headingId}-${category.id}`} className="pick-group-title">
                  {name}
                </h3>
                {rows(category.channels, t`Popular channels: ${name}`)}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
