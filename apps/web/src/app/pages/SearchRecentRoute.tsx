import { useSession } from '../../features/account';
import { RecentSearchesPage } from '../../features/search/components/RecentSearchesPage';

/** /search/recent: the results this person opened from their searches, per scope. */
export default function SearchRecentRoute() {
  const session = useSession();
  return <RecentSearchesPage userUuid={session.user?.uuid ?? null} />;
}
