import { Navigate } from 'react-router';
import { useAuthConfig } from '../../features/account';
import { FollowChannelsPage } from '../../features/account/pages/OnboardingPages';
import { tourNext } from '../../features/account/onboarding';
import { PopularChannels } from '../../features/channels/components/PopularChannels';
import { PopularSifts } from '../../features/sifts/components/PopularSifts';
import { FollowedCount, QuickFollow } from '../../features/subscriptions/components/QuickFollow';
import { paths } from '../../lib/paths';

/**
 * /followChannels, the onboarding's follow step (issue 31 item 8): the most followed public sifts and each category's
 * popular channels, each followed or unfollowed with one tap, and what the member follows so far. Where the server
 * has follows off the step is not in the tour, and its address goes on to the next one.
 */
export function OnboardingFollowRoute() {
  // Only once the server has said follows are off (opened directly, the step loads before its answer).
  if (useAuthConfig().data?.subscriptionsEnabled === false) return <Navigate to={tourNext(paths.followChannels, { follow: false })} replace />;
  return (
    <FollowChannelsPage
      count={<FollowedCount />}
      picker={
        <>
          <PopularSifts headingId="popular-sifts" follow={(sift) => <QuickFollow target={{ type: 'sift', id: sift.id, key: sift.hash, name: sift.name }} />} />
          <PopularChannels
            headingId="popular-channels"
            follow={(channel) => <QuickFollow target={{ type: 'channel', id: channel.id, key: channel.externalId, name: channel.name }} />}
          />
        </>
      }
    />
  );
}
