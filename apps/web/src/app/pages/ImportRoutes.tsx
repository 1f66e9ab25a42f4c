import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { YoutubeImportPage } from '../../features/account/pages/OnboardingPages';
import { FileImport, YouTubeAccountImport, YouTubeCallback, type AccountView } from '../../features/imports';

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

/** /oauth2/youtube/callback: Google's way back with the permission; no page of its own. */
export const YouTubeCallbackRoute = YouTubeCallback;
