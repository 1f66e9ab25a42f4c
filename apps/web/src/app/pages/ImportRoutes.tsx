import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { Page } from '../../components/Page';
import { useAuthConfig } from '../../features/account';
import { FollowChannelsPage, YoutubeImportPage } from '../../features/account/pages/OnboardingPages';
import { tourNext } from '../../features/account/tour';
import { PopularChannels } from '../../features/channels/components/PopularChannels';
import { FileImport, YouTubeAccountImport, YouTubeCallback, type AccountView } from '../../features/imports';
import { PopularSifts } from '../../features/sifts/components/PopularSifts';
import { FollowedCount, QuickFollow } from '../../features/subscriptions/components/QuickFollow';
import { paths } from '../../lib/paths';

// The member's imports, and the onboarding's steps that bring channels in (the import, the follow step): one chunk.

/**
 * /importYoutubeChannels (the default import target) and /importYoutubePlaylists: the member's YouTube account
 * (subscriptions on the first, playlists on the second; issue 16 §1), then an export file of any app (§2).
 */
function ImportPage({ view }: { view: AccountView }) {
  const { t } = useLingui();
  return (
    <Page title={t`Import`}>
      <p className="import-intro">
        <Trans>
          Moving to Sift? Bring what you follow and keep elsewhere: straight from your YouTube account, or from the
          export file of another app.
        </Trans>
      </p>
      <div className="import-sections">
        <YouTubeAccountImport view={view} />
        <FileImport />
      </div>
    </Page>
  );
}

export const ImportChannelsPage = () => <ImportPage view="channels" />;
export const ImportPlaylistsPage = () => <ImportPage view="playlists" />;

/** /youtubeImport, the onboarding's import step: the account's subscriptions (when the server offers it) and a file. */
export function OnboardingImportRoute() {
  return (
    <YoutubeImportPage
      importer={
        <div className="import-sections">
          <YouTubeAccountImport view="channels" inOnboarding />
          <FileImport headingLevel={2} />
        </div>
      }
    />
  );
}

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

/** /oauth2/youtube/callback: Google's way back with the permission; no page of its own. */
export const YouTubeCallbackRoute = YouTubeCallback;
