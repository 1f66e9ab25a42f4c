import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FeedFilter, Video } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { VideoCard } from '../../../components/Cards';
import { FilterField } from '../../../components/FilterField';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { Page } from '../../../components/Page';
import { HideWatchedToggle } from '../../../components/HideWatchedToggle';
import { InboxCount } from '../../../components/InboxCount';
import { ViewToggle } from '../../../components/ViewToggle';
import { useHideWatched } from '../../../lib/hide-watched';
import { isApiError } from '../../../lib/api';
import { useNow, usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { usePersonalFeed, type FeedParams } from '../api/queries';
import { FEED_CHIPS_PARAM, feedChipsFrom, feedParamsFrom } from '../address';
import { PublicFeed } from './PublicFeed';
import '../feed.css';

const keyOf = (v: Video) => v.externalId;
/** The title filter, in the URL under its feed parameter name (SPEC §7). */
const TEXT_PARAM = 'filterText';

/** A message descriptor: render with `i18n._`. */
export const ADDITIONAL_RESULTS_TEXT = msg`There are additional results outside your active filters. Click to view full results (will clear filters)`;

/**
 * /feed and /feed/myfeed (SPEC §2): a member's feed of followed channels and sifts with subscription filter chips;
 * a visitor sees the public feed. The feed is read with the feed parameters of SPEC §7 that the address carries
 * (`filterText`, `itemId`, `itemBefore`, `itemBeforeExternal`, `all`/`any`/`none` and their `excluded…`), the title
 * filter being the page's filter field. `?vid=` plays that video (`v`) and stays until the feed has answered: a 403
 * then goes to the auth-check address with the page's path, as `sid`'s does (SPEC §2). `?sid=` (a sift) is started in
 * the player by the app (app/pages/FeedRoute, through the sifts feature). The guard asks for login first for both.
 */
export function FeedPage({ unwatchedOf, renderTools }: FeedExtras = {}) {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const [params, setParams] = useSearchParams();
  const vid = params.get('vid');

  const selected = useMemo(() => feedChipsFrom(params), [params]);
  const search = params.toString();
  const feedParams = useMemo(() => feedParamsFrom(new URLSearchParams(search)), [search]);
  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  const setSelected = (ids: number[]) =>
    update((next) => (ids.length > 0 ? next.set(FEED_CHIPS_PARAM, ids.join(',')) : next.delete(FEED_CHIPS_PARAM)));
  const setFilterText = (text: string) => update((next) => (text ? next.set(TEXT_PARAM, text) : next.delete(TEXT_PARAM)));

  if (!token) {
    return (
      <Page title={t`Feed`} hideTitle>
        <PublicFeed params={feedParams} />
      </Page>
    );
  }
  return (
    <MemberFeed
      selected={selected}
      onSelect={setSelected}
      params={feedParams}
      onFilterText={setFilterText}
      vid={vid}
      unwatchedOf={unwatchedOf}
      renderTools={renderTools}
    />
  );
}

/**
 * `vid`: plays at once (`v`, unless a video is already chosen) and stays until the feed has answered — a 403 then sends
 * the person to the auth-check address, a page drops it. One effect, so the two address changes cannot race.
 */
function useVid(vid: string | null, feed: { isSuccess: boolean; isError: boolean; error: unknown }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const forbidden = feed.isError && isApiError(feed.error) && feed.error.status === 403;
  useEffect(() => {
    if (!vid) return;
    if (forbidden) {
      navigate(to.showVideoAuthCheck(pathname + search), { replace: true });
      return;
    }
    const next = new URLSearchParams(search);
    if (!next.get('v')) next.set('v', vid);
    if (feed.isSuccess) next.delete('vid');
    const qs = next.toString();
    if (`?${qs}` !== search) navigate({ pathname, search: qs ? `?${qs}` : '' }, { replace: true });
  }, [vid, forbidden, feed.isSuccess, navigate, pathname, search]);
}

/** What the app's other features add to the member's feed (issue 30). */
interface FeedExtras {
  /** A filter chip's unwatched count, by subscription id. */
  unwatchedOf?: (subscriptionId: number) => number | undefined;
  /** Controls above the videos ("Mark all as watched"), given the newest shown video's time. */
  renderTools?: (newest: string | undefined) => ReactNode;
}

interface MemberFeedProps extends FeedExtras {
  selected: number[];
  onSelect: (ids: number[]) => void;
  params: FeedParams;
  onFilterText: (text: string) => void;
  vid: string | null;
}

function MemberFeed({ selected, onSelect, params, onFilterText, vid, unwatchedOf, renderTools }: MemberFeedProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const hideWatched = useHideWatched('feed');
  const feed = usePersonalFeed(selected, hideWatched.on ? { ...params, hideWatched: true } : params);
  useVid(vid, feed);
  const [gridType] = usePreference('gridType');
  const now = useNow();
  const chips: FeedFilter[] = [...feed.channelFilters, ...feed.siftFilters];
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const siftTitle = (name: string) => t`Sift: ${name}`;
  const nothingFollowed = !feed.isPending && !params.filterText && chips.length === 0 && feed.videos.length === 0;
  return (
    <Page title={t`My feed`}>
      {chips.length > 0 && (
        <div className="feed-chips" role="group" aria-label={t`Show videos from`}>
          <button type="button" className="chip" aria-pressed={selected.length === 0} onClick={() => onSelect([])}>
            <Trans comment="Filter chip: videos from everything followed">All</Trans>
          </button>
          {chips.map((c) => (
            <button
              key={c.subscriptionId}
              type="button"
              className="chip"
              aria-pressed={selected.includes(c.subscriptionId)}
              title={c.target.type === 'sift' ? siftTitle(c.target.name) : c.target.name}
              onClick={() => toggle(c.subscriptionId)}
            >
              {c.target.thumbnail && <img src={c.target.thumbnail} alt="" width={20} height={20} data-name={c.target.type === 'channel' ? c.target.name : undefined} />}
              <span className="chip-label">{c.target.name}</span>
              <InboxCount n={unwatchedOf?.(c.subscriptionId)} />
              {c.target.type === 'sift' && (
                <span className="chip-kind">
                  <Trans comment="Marks a filter chip that stands for a Sift (a followed list), not a channel">Sift</Trans>
                </span>
              )}
            </button>
          ))}
        </div>
      )}
      {feed.additionalResults && (
        <button type="button" className="feed-more-bar" onClick={() => onSelect([])}>
          {i18n._(ADDITIONAL_RESULTS_TEXT)}
        </button>
      )}
      {nothingFollowed ? (
        <div className="feed-empty">
          <p className="muted">
            <Trans>Your feed is empty. Follow channels and sifts to see their new videos here.</Trans>
          </p>
          {/* Where the things to follow are: channels on Home, any channel or public sift by name in Search. */}
          <p className="feed-empty-actions">
            <AppLink to={to.home()} className="btn btn-primary">
              <Trans>Discover channels</Trans>
            </AppLink>
            <AppLink to={paths.search} className="btn btn-secondary">
              <Trans>Search channels and sifts</Trans>
            </AppLink>
          </p>
        </div>
      ) : (
        <section className="section" aria-labelledby="feed-heading">
          <div className="section-head">
            <h2 id="feed-heading">
              <Trans>Newest from what you follow</Trans>
            </h2>
            <div className="section-tools">
              {renderTools?.(feed.videos[0]?.publishedAt)}
              <HideWatchedToggle state={hideWatched} />
              <ViewToggle />
            </div>
          </div>
          {/* Spaced from the first card as the other pages' filters are (issue 31). */}
          <div className="feed-filter">
            <FilterField key={params.filterText ?? ''} label={t`Filter videos`} initial={params.filterText ?? ''} onApply={onFilterText} />
          </div>
          <InfiniteList
            label={t`My feed`}
            layout={gridType}
            items={feed.videos}
            getKey={keyOf}
            renderItem={(video, position) => <VideoCard video={video} position={position} now={now} />}
            {...pagingOf(feed)}
          />
        </section>
      )}
    </Page>
  );
}
