import { useSearchParams } from 'react-router';
import { useSession } from '../../features/account';
import { SearchPage } from '../../features/search/components/SearchPage';

/** /search and /search/main?st=: every kind of result for the text received (st), or the newest without one. */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const st = (params.get('st') ?? '').trim();
  return <SearchPage text={st} userUuid={session.user?.uuid ?? null} />;
}
