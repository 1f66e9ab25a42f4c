import { Trans, useLingui } from '@lingui/react/macro';
import './profile.css';
import { Icon } from '../../../components/Icon';
import { useDocumentTitle } from '../../../components/Page';
import { initialsOf } from '../../../lib/initials-of';
import { to } from '../../../lib/paths';
import { openShare } from '../../../lib/share';
import type { usePublicUser } from '../api/queries';

export const fullName = (user: { firstName: string; lastName: string } | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : '';

/** The top of /user-profile/{id}: who this is (initials and name), or that nobody by that link exists. */
export function ProfileHeader({ user, isMe }: { user: ReturnType<typeof usePublicUser>; isMe: boolean }) {
  const { t } = useLingui();
  const name = fullName(user.data);
  const missing = user.isError;
  useDocumentTitle(name || (missing ? t`Profile not found` : t`Profile`));
  const initials = initialsOf(name);
  return (
    <header className="uprofile-head">
      <span className="uprofile-avatar" aria-hidden="true">
        {initials || '?'}
      </span>
      <div className="uprofile-head-text">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          {missing ? (
            <Trans>Profile not found</Trans>
          ) : (
            name || (
              <span className="sr-only">
                <Trans>Loading profile…</Trans>
              </span>
            )
          )}
        </h1>
        <p className="muted">
          {missing ? (
            <Trans>This person is not here any more, or the link is wrong.</Trans>
          ) : isMe ? (
            <Trans>Your sifts and playlists</Trans>
          ) : (
            <Trans>Public sifts and playlists</Trans>
          )}
        </p>
      </div>
      {user.data && (
        // A person's page is their share link (SPEC §2): it lists only what they made public.
        <button
          type="button"
          className="btn btn-secondary uprofile-share"
          onClick={() => openShare({ kind: 'user', title: name || t`Profile`, path: to.userProfile(user.data.uuid), public: true })}
        >
          <Icon name="share" size={20} /> <Trans context="verb">Share</Trans>
        </button>
      )}
    </header>
  );
}
