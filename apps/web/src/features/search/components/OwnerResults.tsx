import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { useSearch } from '../api/queries';
import { useLeavingSearchResets } from '../leave';
import { resultKey } from '../merge';
import { SORTS, useSearchFilters, type SearchScope } from '../state';
import { ScopeTabs, SortMenu } from './Filters';
import { ResultCard } from './ResultCards';
import './search.css';

const OWNER_SCOPES: ReadonlyArray<{ value: SearchScope; label: MessageDescriptor }> = [
  { value: 'all', label: msg({ message: 'All', context: 'search type' }) },
  { value: 'sifts', label: msg`Sifts` },
  { value: 'playlists', label: msg`Playlists` },
];

/**
 * A person's sifts and playlists (GET /api/search?ownerId=): the public ones, and the private ones too when
 * it is the caller's own profile. The user profile shares search's filters (SPEC §2 keeps them between the
 * two), but only the scopes a person has.
 */
export function OwnerResults({ ownerId, viewer, name }: { ownerId: string; viewer: string | null; name: string }) {
  const { t } = useLingui();
  useLeavingSearchResets();
  const [filters, setFilters] = useSearchFilters();
  const panelId = useId();
  const type = OWNER_SCOPES.some((s) => s.value === filters.type) ? filters.type : 'all';
  const search = useSearch({ q: '', type, sort: filters.sort, ownerId, viewer });
  return (
    <>
      <div className="search-toolbar">
        <ScopeTabs scopes={OWNER_SCOPES} value={type} onChange={(scope) => setFilters({ type: scope })} panelId={panelId} label={t`${name}'s items`} />
        <div className="search-toolbar-end">
          <SortMenu value={SORTS.some((s) => s.value === filters.sort) ? filters.sort : ''} onChange={(sort) => setFilters({ sort })} />
        </div>
      </div>
      <section id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${type}`} className="section">
        <InfiniteList
          label={t`Sifts and playlists of ${name}`}
          heading
          items={search.items}
          getKey={resultKey}
          renderItem={(item, position) => <ResultCard item={item} position={position} />}
          {...pagingOf(search)}
        />
      </section>
    </>
  );
}
