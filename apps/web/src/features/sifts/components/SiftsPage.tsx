import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { CollectionsPage, useCollectionQuery, type CollectionQuery } from '../../../components/CollectionsPage';
import { useDocumentTitle } from '../../../components/Page';
import { usePreference } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { useSifts } from '../api/queries';
import { SiftCard } from './SiftCards';
import { SiftsExplore } from './SiftsExplore';
import '../sifts.css';

/** `?view=explore`: a member's third view of /sifts (a visitor's only one). */
const EXPLORE_VIEW = 'explore';

/**
 * /sifts: a member's sifts or the ones they follow (sort menu, name filter), and Explore beside them; a visitor lands
 * on Explore (issue 31): public sifts most followed, new this week, by category, and a search.
 */
export function SiftsPage() {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useCollectionQuery(!!token);
  const exploring = !token || params.get('view') === EXPLORE_VIEW;
  const list = useSifts(query, !exploring);
  useDocumentTitle(exploring ? t`Explore sifts` : t`Sifts`);
  // Mine and Following leave Explore (and its search and category) for the list.
  const choose = (part: Partial<CollectionQuery>) => {
    if (exploring) setParams({});
    setQuery(part);
  };
  return (
    <CollectionsPage
      title={t`Sifts`}
      create={{ to: paths.createSift, label: t`New Sift` }}
      plural={t({ message: 'sifts', comment: 'Lower-case plural inside "Which sifts", "Sort sifts", "Your sifts"' })}
      filterLabel={t`Find sift`}
      query={query}
      onQuery={choose}
      canChoose={!!token}
      moreChoices={
        <button type="button" aria-pressed={exploring} className="chip" onClick={() => setParams({ view: EXPLORE_VIEW })}>
          <Trans comment="Filter chip on /sifts: everyone's public sifts">Explore</Trans>
        </button>
      }
      list={{ ...list, items: list.sifts }}
      getKey={(s) => s.hash}
      renderItem={(s, position) => <SiftCard sift={s} position={position} />}
      alternate={exploring ? <SiftsExplore keep={token ? { view: EXPLORE_VIEW } : {}} /> : undefined}
    />
  );
}
