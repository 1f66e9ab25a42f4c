import { AppLink } from '../../components/AppLink';
import { Icon } from '../../components/Icon';
import { useDocumentTitle } from '../../components/Page';
import { paths } from '../../lib/paths';
import '../../features/playlists/playlists.css';

/** /create: what can be made — a Sift or a playlist (SPEC §2 "Create new"). */
export default function CreateRoute() {
  useDocumentTitle('Create new');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        Create new
      </h1>
      <ul className="create-choices">
        <li>
          <AppLink to={paths.createSift} className="btn btn-secondary">
            <Icon name="sift" size={20} /> Sift
          </AppLink>
        </li>
        <li>
          <AppLink to={paths.createPlaylist} className="btn btn-secondary">
            <Icon name="playlist" size={20} /> Playlist
          </AppLink>
        </li>
      </ul>
    </section>
  );
}
