import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';
import { APP_NAME } from '../../lib/config';
import { paths } from '../../lib/paths';

/** /terms: terms of use written for a self-hosted service, whose operator is whoever runs this instance. */
export default function TermsPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Terms of Use`}>
      <div className="prose">
        <p className="lead">
          <Trans>These terms apply to your use of this {APP_NAME} site. By browsing it or creating an account you accept them.</Trans>
        </p>

        <h2><Trans>Who runs this site</Trans></h2>
        <p>
          <Trans>{APP_NAME} is open-source software that anyone may install. This site is run by its <strong>operator</strong>
          : the person or organisation that installed it on this address. The operator, not the authors of the
          software, provides the service to you and is who these terms are with. You can reach them through{' '}
          <AppLink to={paths.contact}>Contact Us</AppLink>.</Trans>
        </p>

        <h2><Trans>Videos and other content</Trans></h2>
        <p>
          <Trans>The videos, thumbnails, channel names and descriptions shown here belong to the video service they come from
          and to their creators; {APP_NAME} links to them and plays them in the service’s own player, under that
          service’s terms. Nothing here gives you rights to that content. Names, descriptions and images you give your
          Sifts and playlists remain yours; by making a Sift or playlist public you let anyone view and share it here.</Trans>
        </p>

        <h2><Trans>Acceptable use</Trans></h2>
        <ul>
          <li><Trans>Do not use the site to break the law or anyone’s rights, or to harass, deceive or spam other people.</Trans></li>
          <li><Trans>Do not give Sifts, playlists or your profile names, descriptions or images that are unlawful or offensive.</Trans></li>
          <li>
            <Trans>Do not try to get around the site’s limits or security, to reach accounts that are not yours, or to load it
            with automated requests beyond ordinary use.</Trans>
          </li>
          <li><Trans>Do not use the contact form for advertising or bulk messages.</Trans></li>
        </ul>
        <p><Trans>The operator may remove content or suspend accounts that break these rules.</Trans></p>

        <h2><Trans>Your account</Trans></h2>
        <p>
          <Trans>You need a confirmed e-mail address to create an account; keep your password to yourself, as you are
          responsible for what is done with your account. You may deactivate your account, or delete it with
          everything you made, at any time from your profile. Deleting it cannot be undone. The{' '}
          <AppLink to={paths.privacy}>Privacy Policy</AppLink> explains what is stored and for how long.</Trans>
        </p>

        <h2><Trans>No warranty</Trans></h2>
        <p>
          <Trans>The site is provided as it is, without any warranty: it may be unavailable, change, or lose data, and videos
          may disappear from the video service at any time. As far as the law allows, neither the operator nor the
          authors of the software are liable for any loss that comes from using it. Keep your own copy of what matters
          to you: your profile lets you export your follows, playlists and Sifts.</Trans>
        </p>

        <h2><Trans>Changes</Trans></h2>
        <p>
          <Trans>The operator may change these terms. The version on this page is the one that applies; if you keep using the
          site after a change, you accept the new terms. If you do not, you may delete your account.</Trans>
        </p>
      </div>
    </Page>
  );
}
