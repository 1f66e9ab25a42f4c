import { Page } from '../../components/Page';
import { YoutubeImportPage } from '../../features/account/pages/OnboardingPages';
import { FileImport } from '../../features/imports';

/**
 * /importYoutubeChannels (the default import target) and /importYoutubePlaylists: bring subscriptions, playlists,
 * Watch later and groups of channels from an export file (issue 16 §2).
 */
export function ImportPage() {
  return (
    <Page title="Import">
      <p className="import-intro">
        Moving to Sift? Import what you follow and keep elsewhere. YouTube’s own account data comes through Google
        Takeout, which also brings your Watch later and playlists.
      </p>
      <FileImport />
    </Page>
  );
}

/** /youtubeImport, the onboarding's import step, with the importer in it. */
export function OnboardingImportRoute() {
  return <YoutubeImportPage importer={<FileImport headingLevel={2} />} />;
}
