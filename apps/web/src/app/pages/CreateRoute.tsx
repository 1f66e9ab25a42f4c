import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../components/AppLink';
import { Icon } from '../../components/Icon';
import { useDocumentTitle } from '../../components/Page';
import { paths } from '../../lib/paths';
import '../../features/playlists/playlists.css';

/** /create: what can be made — a Sift or a playlist (SPEC §2 "Create new"). */
export default function CreateRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Create new`);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Create new</Trans>
      </h1>
      <p className="page-lead">
        <Trans>What would you like to make?</Trans>
      </p>
      <ul className="create-choices">
        <li>
          <AppLink to={paths.createSift} className="create-choice">
            <span className="create-choice-icon" aria-hidden="true">
              <Icon name="sift" size={28} />
            </span>
            <span className="create-choice-name">
              <Trans>Sift</Trans>
            </span>
            <span className="create-choice-text">
              <Trans>A line-up of channels, narrowed by keywords, that anyone can open by its link and follow.</Trans>
            </span>
          </AppLink>
        </li>
        <li>
          <AppLink to={paths.createPlaylist} className="create-choice">
            <span className="create-choice-icon" aria-hidden="true">
              <Icon name="playlist" size={28} />
            </span>
            <span className="create-choice-name">
              <Trans>Playlist</Trans>
            </span>
            <span className="create-choice-text">
              <Trans>Videos you pick, in the order you choose, to watch later or share.</Trans>
            </span>
          </AppLink>
        </li>
      </ul>
    </section>
  );
}
