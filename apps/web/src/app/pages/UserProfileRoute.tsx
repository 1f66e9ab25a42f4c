import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { useSession } from '../../features/account';
import { fullName, ProfileHeader, usePublicUser } from '../../features/profile';
import { OwnerResults } from '../../features/search/components/OwnerResults';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /user-profile/{id} (also the share link of a person): who they are and their sifts and playlists. */
export default function UserProfileRoute() {
  const { id = '' } = useParams();
  const session = useSession();
  const viewer = session.user?.uuid ?? null;
  const user = usePublicUser(id);
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <ProfileHeader user={user} isMe={viewer !== null && viewer === id} />
      {UUID.test(id) && !user.isError && <OwnerResults ownerId={id} viewer={viewer} name={fullName(user.data) || t`This person`} />}
    </section>
  );
}
