import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/Modal';
import { useDocumentTitle } from '../../components/Page';
import { ChannelStrip } from '../../features/channels';
import { PublicFeed } from '../../features/feed';

/** / and /watch: channels strip and the public feed. /watch adds the video modal (rendered by the shell). */
export function DashboardPage() {
  useDocumentTitle(null);
  const location = useLocation();
  const navigate = useNavigate();
  const modal = (location.state as { modal?: string } | null)?.modal;
  return (
    <div className="page">
      <h1 id="page-title" className="sr-only" tabIndex={-1}>
        Dashboard
      </h1>
      <ChannelStrip />
      <PublicFeed />
      {modal === 'reactivate' && (
        <Modal
          title="Account reactivated"
          onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })}
        >
          <p>Welcome back! Your account has been reactivated.</p>
        </Modal>
      )}
    </div>
  );
}
