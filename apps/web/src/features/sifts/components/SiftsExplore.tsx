import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { SiftExplore } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { SearchField } from '../../../components/SearchField';
import { formatNumber } from '../../../lib/format';
import { useCategorySifts, useSiftExplore, useSiftSearch } from '../api/discovery';
import { useSiftCategories } from '../api/queries';
import { categoryName } from '../../../lib/categories';
import { SiftCard, SiftRow } from './SiftCards';

/** The address of an Explore state: what `keep` holds (a member's `view=explore`) and the given parts. */
function exploreHref(keep: Record<string, string>, part: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...keep, ...part });
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * Explore (issue 31): a search of public sifts (the search API's), then the most followed public sifts, the week's
 * new ones and the categories that have some; a category, or a search, opens its whole list in place (`?category=`,
 * `?q=`, so Back returns). `keep`: query parameters every Explore address keeps (a member's `view=explore`).
 */
export function SiftsExplore({ keep }: { keep: Record<string, string> }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  return (
    <div className="sift-explore">
      <SearchField
        className="sift-explore-search"
        label={t`Search public sifts`}
        placeholder={t`Search public sifts…`}
        value={q}
        onSubmit={(text) => setParams({ ...keep, q: text })}
      />
      {q ? <SearchResults q={q} back={exploreHref(keep)} /> : category ? <CategorySifts id={category} back={exploreHref(keep)} /> : <ExploreSections keep={keep} />}
    </div>
  );
}

function ExploreSections({ keep }: { keep: Record<string, string> }) {
  const { t } = useLingui();
  const explore = useSiftExplore();
  if (explore.isPending) {
    return (
      <p role="status" className="sift-explore-status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (explore.isError) {
    return (
      <p role="alert" className="sift-explore-status">
        <Trans>Error returning results.</Trans>{' '}
        <button type="button" className="linklike" onClick={() => void explore.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    );
  }
  const { mostFollowed, newThisWeek, categories } = explore.data;
  if (mostFollowed.length === 0) {
    return (
      <p className="sift-explore-status">
        <Trans>No public sifts yet. Make one public and it shows here.</Trans>
      </p>
    );
  }
  return (
    <>
      <ExploreSection title={t`Most followed`}>
        <SiftRow sifts={mostFollowed} label={t`Most followed sifts`} />
      </ExploreSection>
      <ExploreSection title={t`New this week`}>
        {newThisWeek.length > 0 ? (
          <SiftRow sifts={newThisWeek} label={t`Sifts new this week`} />
        ) : (
          <p className="sift-explore-status">
            <Trans>No new public sifts this week.</Trans>
          </p>
        )}
      </ExploreSection>
      {categories.length > 0 && (
        <ExploreSection title={t`By category`}>
          <CategoryLinks categories={categories} keep={keep} />
        </ExploreSection>
      )}
    </>
  );
}

function ExploreSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
      </div>
      {children}
    </section>
  );
}

function CategoryLinks({ categories, keep }: { categories: SiftExplore['categories']; keep: Record<string, string> }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="seg sift-categories" aria-label={t`Categories`}>
      {categories.map((c) => {
        const count = formatNumber(c.numberOfSifts);
        return (
          <li key={c.id}>
            <AppLink to={exploreHref(keep, { category: c.id })} className="chip">
              {categoryName(i18n, c.id, c.name)}
              <span className="sift-category-count" aria-hidden="true">
                {count}
              </span>
              <span className="sr-only">
                <Plural value={c.numberOfSifts} one={`, ${count} sift`} other={`, ${count} sifts`} />
              </span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

/** A heading with the way back to Explore's first screen beside it. */
function ListHead({ id, title, back }: { id: string; title: string; back: string }) {
  return (
    <div className="section-head">
      <h2 id={id}>{title}</h2>
      <AppLink to={back} className="btn btn-secondary">
        <Trans>Back to Explore</Trans>
      </AppLink>
    </div>
  );
}

function CategorySifts({ id, back }: { id: string; back: string }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const categories = useSiftCategories();
  const sifts = useCategorySifts(id);
  const name = categoryName(i18n, id, categories.data?.find((c) => c.id === id)?.name ?? id);
  return (
    <section className="section" aria-labelledby={headingId}>
      <ListHead id={headingId} title={name} back={back} />
      <InfiniteList
        label={t`Public sifts in ${name}`}
        layout="grid"
        items={sifts.sifts}
        getKey={(s) => s.hash}
        renderItem={(s, position) => <SiftCard sift={s} position={position} />}
        {...pagingOf(sifts)}
      />
    </section>
  );
}

function SearchResults({ q, back }: { q: string; back: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const found = useSiftSearch(q);
  return (
    <section className="section" aria-labelledby={headingId}>
      <ListHead id={headingId} title={t`Sifts for “${q}”`} back={back} />
      <InfiniteList
        label={t`Sifts for “${q}”`}
        layout="grid"
        items={found.sifts}
        getKey={(s) => s.hash}
        // A search counts a sift's videos as its channels' uploads, not its matches: no badge.
        renderItem={(s, position) => <SiftCard sift={s} position={position} videoBadge={false} />}
        {...pagingOf(found)}
      />
    </section>
  );
}
