import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';
import { APP_NAME } from '../../lib/config';
import { paths, to } from '../../lib/paths';

/** /about: what the product is, what a Sift is, where its videos come from, and that anyone may run it. */
export default function AboutPage() {
  const { t } = useLingui();
  return (
    <Page title={t`About ${APP_NAME}`}>
      <div className="prose">
        <p className="lead">
          <Trans>{APP_NAME} is a place to find, curate and watch videos. Browse channels, search and watch without an account;
          with one, follow the channels you like, keep playlists (with a built-in Watch later) and build Sifts of your
          own.</Trans>
        </p>

        <h2><Trans>What is a Sift?</Trans></h2>
        <p>
          <Trans>A Sift is a named, shareable line-up of channels, filtered by keyword rules. You pick the channels, then say
          which of their videos belong:</Trans>
        </p>
        <ul>
          <li>
            <Trans><strong>All</strong> of these words must appear (for example <em>recipe</em> and <em>vegan</em>);</Trans>
          </li>
          <li>
            <Trans><strong>Any</strong> one of these words is enough (<em>pasta</em>, <em>risotto</em>, <em>gnocchi</em>);</Trans>
          </li>
          <li>
            <Trans><strong>None</strong> of these words may appear (<em>live</em>, <em>shorts</em>).</Trans>
          </li>
        </ul>
        <p>
          <Trans>The rules read each video’s title, description and tags, ignoring case and accents. New uploads of the
          channels join the Sift as they arrive. Every Sift has a short link anyone can open; a public Sift can be
          found in search and followed, with a notification by e-mail as often as you choose: at once, daily, weekly or
          never. <AppLink to={paths.createSift}>Create a Sift</AppLink> or <AppLink to={paths.sifts}>browse the Sifts</AppLink>.</Trans>
        </p>

        <h2><Trans>Where the videos come from</Trans></h2>
        <p>
          <Trans>{APP_NAME} does not host videos of its own: it shows those of a video service and plays them in the service’s
          own player. Run on YouTube, the channels, videos and searches are YouTube’s, and playing a video is watching
          it on YouTube.</Trans>
        </p>
        <p>
          <Trans>A fresh install runs on its <strong>demo catalog</strong> instead, so it works without a network or any
          key: dozens of generated channels over ten topics, thousands of generated videos, and short clips that play
          offline from the server itself. When a message bar says you are browsing the demo catalog, none of its
          channels or videos are real.</Trans>
        </p>

        <h2><Trans>Open source and self-hosted</Trans></h2>
        <p>
          <Trans>{APP_NAME} is open-source software that anyone may run on their own server. One command starts it with an
          embedded database and the demo catalog; PostgreSQL, a mail server and a YouTube key are settings to add when
          you want them. This site is run by its operator, not by the authors of the software: the{' '}
          <AppLink to={paths.terms}>Terms of Use</AppLink> and the <AppLink to={paths.privacy}>Privacy Policy</AppLink>{' '}
          say what that means for you, and <AppLink to={paths.contact}>Contact Us</AppLink> reaches them.</Trans>
        </p>
        <p>
          <Trans><AppLink to={to.home()} className="btn btn-primary">
            Start watching
          </AppLink></Trans>
        </p>
      </div>
    </Page>
  );
}
