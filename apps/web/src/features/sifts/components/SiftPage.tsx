import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Sift } from '@sift/contracts';
import { AppLink, useAppNavigate } from '../../../components/AppLink';
import { Avatar, VideoCard } from '../../../components/Cards';
import { ChunkBoundary } from '../../../components/ChunkBoundary';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Icon } from '../../../components/Icon';
import { HideWatchedToggle } from '../../../components/HideWatchedToggle';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { Menu, type MenuEntry } from '../../../components/Menu';
import { PageModal } from '../../../components/PageModal';
import { useNotify } from '../../../components/Notifications';
import { PageLoading, useDocumentTitle } from '../../../components/Page';
import { hasSettled } from '../../../lib/query-state';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useHideWatched } from '../../../lib/hide-watched';
import { useNow, usePreference } from '../../../lib/hooks';
import { lazy } from '../../../lib/lazy';
import { paths, to } from '../../../lib/paths';
import { openShare } from '../../../lib/share';
import {
  copySift,
  deleteSift,
  invalidateSifts,
  removeSiftImage,
  setSiftPublic,
  uploadSiftImage,
  useSift,
  useSiftCategories,
  useSiftVideos,
} from '../api/queries';
import { useSimilarSifts } from '../api/discovery';
import { categoryName } from '../../../lib/categories';
import { keywordLabel } from '../keywords';
import { playSiftPath } from '../player';
import { SIMILAR_FIRST, SIMILAR_MORE, SimilarSifts } from './SimilarSifts';
import '../sifts.css';

/**
 * The owner's "Add channels" (the editor's channel search): in the editor's chunk, loaded when it is opened, so a
 * visitor of a shared sift downloads no editor (decision 061).
 */
const LazyChannelAdder = lazy(() => import('./SiftEditor').then((m) => ({ default: m.ChannelAdder })));
function ChannelAdder({ sift }: { sift: Sift }) {
  const { t } = useLingui();
  return (
    <ChunkBoundary>
      <Suspense fallback={<PageLoading label={t`Loading…`} />}>
        <LazyChannelAdder sift={sift} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** The owner's "Change image" dialog (and its upload form): loaded when opened (decision 061). */
const ChangeImageModal = lazy(() => import('../../../components/ChangeImageModal').then((m) => ({ default: m.ChangeImageModal })));

/** SPEC §2 `m`: the modal pages a sift page opens. */
export const MODAL_PAGES = { keywords: 'keywordsModalPage', addChannels: 'addChannelsModalPage', viewChannels: 'viewChannelsModalPage' } as const;

type Dialog = 'delete' | 'public' | 'private' | 'image' | null;

/** /sifts/{hash or id}: cover, name, description, category, owner, counts, channels, keywords and the feed. */
export function SiftPage({
  id,
  renderFollow,
  followMenu,
  renderTools,
}: {
  id: string;
  renderFollow?: (sift: Sift) => ReactNode;
  /** The follow entries of the sift's ⋮ menu (Follow, or the follow settings), from the subscriptions feature. */
  followMenu?: (sift: Sift) => MenuEntry[];
  /** Controls of the app's other features above the videos ("Mark all as watched"), given the newest shown video's time. */
  renderTools?: (sift: Sift, newest: string | undefined) => ReactNode;
}) {
  const { t } = useLingui();
  const sift = useSift(id);
  const hideWatched = useHideWatched(`sift:${id}`);
  const videos = useSiftVideos(id, undefined, hideWatched.on);
  const [similarLimit, setSimilarLimit] = useState(SIMILAR_FIRST);
  const similar = useSimilarSifts(id, similarLimit);
  const [gridType] = usePreference('gridType');
  const now = useNow();
  const s = sift.data;
  const siftName = s?.name;
  useDocumentTitle(s?.name ?? t`Sift`);

  if (sift.isError) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          <Trans>Sift not found</Trans>
        </h1>
        <p>{isApiError(sift.error) && sift.error.status === 404 ? t`This sift does not exist or is private.` : t`Error returning results.`}</p>
      </section>
    );
  }

  return (
    <section className="page sift-page" aria-labelledby="page-title">
      {s ? <SiftHeader sift={s} first={videos.videos[0]?.externalId} renderFollow={renderFollow} followMenu={followMenu} /> : (
        <h1 id="page-title" className="page-title">
          <Trans>Loading sift…</Trans>
        </h1>
      )}
      {/* The similar sifts and the videos wait for the header and the similar sifts (fetched alongside): something
          arriving above the videos moved the list (issue 18, a layout shift of 0.1–0.2 on the sift page). */}
      {s && hasSettled(similar) && (
        <SimilarSifts similar={similar.data} onMore={() => setSimilarLimit(SIMILAR_MORE)} loadingMore={similar.isFetching} />
      )}
      {s && hasSettled(similar) && (
        <section className="section" aria-label={t`Videos`}>
          <div className="section-head">
            <h2 className="section-title">
              <Trans>Videos</Trans>
              {videos.total !== undefined && <span className="sift-count"> · {formatNumber(videos.total)}</span>}
            </h2>
            <div className="section-tools">
              {renderTools?.(s, videos.videos[0]?.publishedAt)}
              <HideWatchedToggle state={hideWatched} />
            </div>
          </div>
          <InfiniteList
            label={t`Videos of ${siftName}`}
            layout={gridType}
            items={videos.videos}
            getKey={(v) => v.externalId}
            renderItem={(video, position) => <VideoCard video={video} position={position} now={now} context={{ sift: { hash: s.hash, name: s.name } }} />}
            {...pagingOf(videos)}
          />
          {!videos.isPending && videos.videos.length === 0 && (
            <p className="sift-empty">
              <Trans>No videos match this sift's rules yet.</Trans>
            </p>
          )}
        </section>
      )}
    </section>
  );
}

const RULE_LABELS = { all: msg`All of`, any: msg`Any of`, none: msg`None of` } as const;

function KeywordChips({ sift }: { sift: Sift }) {
  const { i18n } = useLingui();
  const groups = [
    ['all', RULE_LABELS.all, sift.keywords.all],
    ['any', RULE_LABELS.any, sift.keywords.any],
    ['none', RULE_LABELS.none, sift.keywords.none],
  ] as const;
  if (groups.every(([, , list]) => list.length === 0))
    return (
      <p className="sift-rules-empty">
        <Trans>Every video of its channels.</Trans>
      </p>
    );
  return (
    <dl className="sift-rules">
      {groups.map(([rule, label, list]) =>
        list.length === 0 ? null : (
          <div key={rule} className={`sift-rule sift-rule--${rule}`}>
            <dt>{i18n._(label)}</dt>
            {list.map((k) => (
              <dd key={k} className="kw-chip">
                {keywordLabel(k)}
              </dd>
            ))}
          </div>
        ),
      )}
    </dl>
  );
}

function ChannelList({ sift }: { sift: Sift }) {
  const { t } = useLingui();
  const name = sift.name;
  if (sift.channels.length === 0)
    return (
      <p>
        <Trans>No channels yet.</Trans>
      </p>
    );
  return (
    <ul className="sift-channel-list" aria-label={t`Channels of ${name}`}>
      {sift.channels.map((c) => {
        const followers = formatNumber(c.numberOfFollowers, true);
        return (
          <li key={c.externalId}>
            <AppLink to={to.channel(c.externalId)} className="sift-channel-link">
              <Avatar src={c.thumbnail || null} size={32} name={c.name} />
              <span>{c.name}</span>
            </AppLink>
            <span className="sift-channel-meta">
              <Trans>{followers} followers</Trans>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const IMPORT_TEXT: Record<Sift['importStatus'], MessageDescriptor | null> = {
  PENDING_IMPORT: msg`A channel is waiting to be imported…`,
  IMPORTING: msg`Importing a channel…`,
  METADATA_IMPORTED: msg`Importing a channel: details done, videos next…`,
  VIDEOS_IMPORTED: msg`Importing a channel: matching its videos…`,
  CREATED: null,
  FAILED: msg`A channel could not be imported.`,
};

function SiftHeader({ sift: s, first, renderFollow, followMenu }: { sift: Sift; first: string | undefined; renderFollow?: (sift: Sift) => ReactNode; followMenu?: (sift: Sift) => MenuEntry[] }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const navigate = useAppNavigate();
  const [params, setParams] = useSearchParams();
  const name = s.name;
  const [token] = usePreference('token');
  const [dialog, setDialog] = useState<Dialog>(null);
  const categories = useSiftCategories();
  const owned = s.owner.creator;
  const modal = params.get('m');
  const openModal = (m: string | null) => {
    const next = new URLSearchParams(params);
    if (m) next.set('m', m);
    else next.delete('m');
    setParams(next, { replace: !m });
  };

  const run = async (work: () => Promise<unknown>, message?: string) => {
    try {
      await work();
      if (message) notify(message);
    } catch (err) {
      if (isApiError(err) && err.message) notify(err.message);
    } finally {
      await invalidateSifts(qc);
    }
  };

  const entries: MenuEntry[] = [];
  if (owned) {
    entries.push(
      { kind: 'action', label: t`Add channels`, onSelect: () => openModal(MODAL_PAGES.addChannels) },
      { kind: 'link', label: t({ message: 'Edit', context: 'verb' }), to: `/sifts/${encodeURIComponent(s.hash)}/edit` },
      { kind: 'action', label: t`Change image`, onSelect: () => setDialog('image') },
      { kind: 'action', label: t`Delete sift`, onSelect: () => setDialog('delete') },
    );
  }
  // Offered on a private sift too: the dialog then says why it cannot be shared (SPEC §5) and offers its owner to
  // make it public there.
  const makePublic = async () => {
    await setSiftPublic(s.id, true);
    notify(t`This sift is now public`);
    await invalidateSifts(qc);
  };
  entries.push({
    kind: 'action',
    label: t`Share sift`,
    onSelect: () => openShare({ kind: 'sift', title: s.name, path: to.sift(s.hash), public: s.public, makePublic: owned ? makePublic : undefined }),
  });
  if (owned) {
    entries.push(
      s.public
        ? { kind: 'action', label: t`Make private`, onSelect: () => setDialog('private') }
        : { kind: 'action', label: t`Make public`, onSelect: () => setDialog('public') },
    );
  }
  // Someone else's sift only (SPEC §2 sift sheet: the owner's holds Add channels, Edit, Delete, Share, Make
  // private/public); the follow entries say the same of following it (subscriptions feature, issue 31).
  if (token && !owned) {
    entries.push({
      kind: 'action',
      label: t`Copy to your sifts`,
      onSelect: () =>
        void run(async () => {
          const copy = await copySift(s.hash);
          navigate(to.sift(copy.hash));
        }),
    });
  }
  if (followMenu) entries.push(...followMenu(s));

  const ownerName = `${s.owner.firstName} ${s.owner.lastName}`.trim();
  const categoryRow = categories.data?.find((c) => c.id === s.category);
  const category = s.category ? categoryName(i18n, s.category, categoryRow?.name ?? s.category) : null;
  const importMessage = IMPORT_TEXT[s.importStatus];
  const importText = importMessage ? i18n._(importMessage) : '';
  const shownOwner = ownerName || t({ message: 'someone', comment: 'An owner without a name, in "by someone"' });
  const channelCount = formatNumber(s.numberOfChannels);
  const videoCount = formatNumber(s.numberOfVideos);
  const followerCount = formatNumber(s.numberOfFollowers, true);
  return (
    <header className="sift-head">
      <div className={`sift-cover${s.thumbnailType === 'custom' ? ' sift-cover--custom' : ''}`}>{s.thumbnail ? <img src={s.thumbnail} alt="" width={320} height={180} /> : <Icon name="sift" size={64} />}</div>
      <div className="sift-head-text">
        <p className="sift-kind">
          {s.public ? t`Public sift` : t`Private sift`}
          {category && <span className="sift-category"> · {category}</span>}
        </p>
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          {s.name}
        </h1>
        {s.description && <p className="sift-desc">{s.description}</p>}
        <p className="sift-meta">
          <span>
            <Trans>
              by <AppLink to={to.userProfile(s.owner.uuid)}>{shownOwner}</AppLink>
            </Trans>
          </span>
          <button type="button" className="linklike" onClick={() => openModal(MODAL_PAGES.viewChannels)}>
            <Plural value={s.numberOfChannels} one={`${channelCount} channel`} other={`${channelCount} channels`} />
          </button>
          <span>
            <Plural value={s.numberOfVideos} one={`${videoCount} video`} other={`${videoCount} videos`} />
          </span>
          <span>
            <Plural value={s.numberOfFollowers} one={`${followerCount} follower`} other={`${followerCount} followers`} />
          </span>
        </p>
        {importText && (
          <p className={`sift-import sift-import--${s.importStatus.toLowerCase()}`} role="status">
            {importText} {s.importError}
          </p>
        )}
        <KeywordChips sift={s} />
        <div className="sift-actions">
          {first && (
            <AppLink to={playSiftPath(s.hash, first)} className="btn btn-primary" dropV>
              <Icon name="play" size={20} /> <Trans>Play all</Trans>
            </AppLink>
          )}
          {renderFollow?.(s)}
          {entries.length > 0 && <Menu label={t`More actions for ${name}`} button={<Icon name="more" />} buttonClassName="icon-btn" items={entries} title={s.name} />}
        </div>
      </div>
      {/* The modal pages (SPEC §2 `m`, page modal): Continue goes on from adding channels to the sift's channels. */}
      {modal === MODAL_PAGES.viewChannels && (
        <PageModal title={t`Channels of ${name}`} onClose={() => openModal(null)}>
          <ChannelList sift={s} />
        </PageModal>
      )}
      {modal === MODAL_PAGES.keywords && (
        <PageModal title={t`Keywords`} onClose={() => openModal(null)}>
          <KeywordChips sift={s} />
        </PageModal>
      )}
      {modal === MODAL_PAGES.addChannels && owned && (
        <PageModal title={t`Add channels to ${name}`} onClose={() => openModal(null)} onContinue={() => openModal(MODAL_PAGES.viewChannels)}>
          <ChannelAdder sift={s} />
        </PageModal>
      )}
      {dialog === 'image' && (
        <ChunkBoundary variant="overlay">
          <Suspense fallback={null}>
            <ChangeImageModal
              thumbnailType={s.thumbnailType}
              onClose={() => setDialog(null)}
              onUpload={async (file) => {
                await uploadSiftImage(s.hash, file);
                await invalidateSifts(qc);
              }}
              onRemove={async () => {
                await removeSiftImage(s.hash);
                await invalidateSifts(qc);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t`Delete sift`}
          message={t`Are you sure you want to delete ${name} sift?`}
          confirmLabel={t({ message: 'Delete', context: 'verb' })}
          danger
          onClose={() => setDialog(null)}
          onConfirm={() =>
            void run(async () => {
              await deleteSift(s.id);
              navigate(paths.sifts);
            })
          }
        />
      )}
      {(dialog === 'public' || dialog === 'private') && (
        <ConfirmDialog
          title={dialog === 'public' ? t`Make public` : t`Make private`}
          message={
            dialog === 'public'
              ? t`Users who follow this sift will have access to all future updates.`
              : t`Users who were following this sift won't have access to any future updates.`
          }
          confirmLabel={dialog === 'public' ? t`Yes, make public` : t`Yes, make private`}
          onClose={() => setDialog(null)}
          onConfirm={() => void run(() => setSiftPublic(s.id, dialog === 'public'), dialog === 'public' ? t`This sift is now public` : t`This sift is now private`)}
        />
      )}
    </header>
  );
}

/**
 * /view-channels?s={hash} and /add-channels?s={hash}: a sift's channels as a page of their own (the modal pages of
 * `m` on small screens and in shared links).
 */
export function SiftChannelsPage({ mode }: { mode: 'view' | 'add' }) {
  const [params] = useSearchParams();
  const hash = params.get('s') ?? params.get('sid') ?? '';
  const { t } = useLingui();
  const sift = useSift(hash);
  const title = mode === 'add' ? t`Add channels` : t`Channels`;
  useDocumentTitle(sift.data ? `${title} · ${sift.data.name}` : title);
  const s = sift.data;
  const name = s?.name;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        {s ? (mode === 'add' ? t`Add channels of ${name}` : t`Channels of ${name}`) : title}
      </h1>
      {!hash && (
        <p>
          <Trans>Open a sift first: its channel count links here.</Trans>
        </p>
      )}
      {sift.isError && (
        <p>
          <Trans>This sift does not exist or is private.</Trans>
        </p>
      )}
      {s && (mode === 'add' && s.owner.creator ? <ChannelAdder sift={s} /> : <ChannelList sift={s} />)}
      {s && (
        <p>
          <AppLink to={to.sift(s.hash)}>
            <Trans>Back to {name}</Trans>
          </AppLink>
        </p>
      )}
    </section>
  );
}
