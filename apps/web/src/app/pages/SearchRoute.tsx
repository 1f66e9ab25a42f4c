import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../features/account';
import { SearchPage } from '../../features/search/components/SearchPage';
import { to } from '../../lib/paths';

/**
 * /search and /search/main?st=: every kind of result for the text received (st), or the newest without one. An
 * address written the way Invidious and most sites write a search (`/search?q=`) goes to the same results rather than
 * to the newest, its text silently dropped.
 */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const st = (params.get('st') ?? '').trim();
  const q = (params.get('q') ?? '').trim();
  if (!st && q) return <Navigate to={to.search(q)} replace />;
  return <SearchPage text={st} userUuid={session.user?.uuid ?? null} />;
}
