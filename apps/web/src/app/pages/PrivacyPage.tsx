import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';
import { ConsentChoice } from '../../features/consent';
import { APP_NAME } from '../../lib/config';
import { paths } from '../../lib/paths';

/** /privacy (alias /cookiepolicy): what this instance keeps, where, for how long, and how to remove it. */
export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Privacy Policy`}>
      <div className="prose">
        <p className="lead">
          <Trans>This site is run by its operator (see the <AppLink to={paths.terms}>Terms of Use</AppLink>), who is
          responsible for the data below. {APP_NAME} keeps only what it needs to work, on the operator’s own server, and
          sells or shares none of it.</Trans>
        </p>

        <h2><Trans>Your account</Trans></h2>
        <ul>
          <li><Trans>Your e-mail address, first and last name, profile picture if you add one, plan and when you joined.</Trans></li>
          <li>
            <Trans>Your password, stored only as an argon2id hash; nobody can read it back. Sign-in tokens and the links of our
            e-mails are stored only as hashes too, and expire (a session after 30 days).</Trans>
          </li>
          <li>
            <Trans>What you make and follow: followed channels and Sifts with their notification choice, playlists (Watch
            later included), Sifts, and imports you run.</Trans>
          </li>
          <li>
            <Trans>If you connect a YouTube account to import from it, the permission it gave is kept encrypted, and is
            revoked when you disconnect or delete your account.</Trans>
          </li>
        </ul>

        <h2><Trans>Watch history</Trans></h2>
        <ul>
          <li>
            <Trans>When you are logged in, Sift keeps the videos you watched, when you last watched each, and where you
            stopped (so a video resumes there on any of your devices), the videos you marked as watched, and the videos
            you chose to hide from your feeds.</Trans>
          </li>
          <li>
            <Trans>They are kept until you remove them or delete your account: remove one video or clear all of it on
            your <AppLink to={paths.history}>History</AppLink> page; "Hide from my feeds" is undone from the video’s
            menu.</Trans>
          </li>
          <li>
            <Trans>"Pause history" on the History page stops recording what you watch and where you stop until you turn
            it off; what you explicitly mark or hide is still kept.</Trans>
          </li>
          <li>
            <Trans>When you are not logged in, where you stopped in your last 200 videos is kept in your browser’s local
            storage only and is never sent.</Trans>
          </li>
        </ul>

        <h2><Trans>E-mail</Trans></h2>
        <p>
          <Trans>We send e-mail only to confirm your address, to reset your password, and with news of what you follow at the
          frequency you chose; every notification has a one-click unsubscribe link. A message sent through{' '}
          <AppLink to={paths.contact}>Contact Us</AppLink> goes by e-mail to the operator with your name and address,
          so that they can answer.</Trans>
        </p>

        <h2><Trans>Cookies and local storage</Trans></h2>
        <ul>
          <li>
            <Trans><strong>sift_cookie_consent</strong> remembers that you accepted the cookie notice (365 days).</Trans>
          </li>
          <li>
            <Trans><strong>sift_msg_…</strong> remembers site messages you dismissed (30 days, or until you close the browser).</Trans>
          </li>
          <li>
            <Trans>Preferences such as list or grid view, volume, recent searches and your sign-in token are kept in your
            browser’s local storage under keys starting with <code>sift.</code>; clearing site data removes them.</Trans>
          </li>
        </ul>

        <h2><Trans>Usage statistics</Trans></h2>
        <p>
          <Trans>Only after you accept the cookie notice, your browser tells this server which pages you view and when you
          play a video, follow, share, import, or create a Sift or playlist, with a random identifier of your browser
          and, when you are logged in, your account. They are counted on this server only: no third-party tracker or
          advertising network is used. Without your consent nothing is sent.</Trans>
        </p>
        <ConsentChoice />

        <h2><Trans>Videos</Trans></h2>
        <p><Trans>Videos you play may be served by the video service they come from, under its own privacy policy.</Trans></p>

        <h2><Trans>Removing your data</Trans></h2>
        <p>
          <Trans>Your profile lets you export your data, and deactivate or delete your account. Deleting it removes your
          account and everything you made from the database at once; usage statistics are kept only as anonymous
          counts. Requests about your data go to the operator through <AppLink to={paths.contact}>Contact Us</AppLink>.</Trans>
        </p>
      </div>
    </Page>
  );
}
