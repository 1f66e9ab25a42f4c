import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Suspense, useMemo, type ReactNode } from 'react';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { ItemActionsProvider, joinMenus, type ItemActions } from '../components/item-actions';
import { useHistoryVideoMenu } from '../features/history';
import { AddToPlaylistHost, usePlaylistVideoMenu } from '../features/playlists';
import { AddToSiftHost, useSiftChannelMenu } from '../features/sifts';
import { ChannelFollow, SubscribeModalHost, useFollowChannelMenu } from '../features/subscriptions';
import { lazy } from '../lib/lazy';
import { openShare, useShareTarget } from '../lib/share';
import { to } from '../lib/paths';
import type { MenuEntry } from '../components/Menu';
import type { Channel } from '@sift/contracts';
import { useSubscriptionsEnabled } from './subscriptions-option';
import { useLatest } from '../lib/hooks';

// The share dialog is a lazy chunk: nobody who does not share loads it. Like the player's chunk, it may fail or time
// out (SPEC §8): the boundary says so over the page instead of taking the whole app down.
const ShareHost = lazy(() => import('../features/share/components/ShareHost').then((m) => ({ default: m.ShareHost })));
function LazyShareHost() {
  return useShareTarget() ? (
    <ChunkBoundary variant="overlay">
      <Suspense fallback={null}>
        <ShareHost />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}

/** SPEC §2 "Channel: Add to Sift, Share channel, Follow/Unfollow": channels are public, so always offered. */
const SHARE_CHANNEL = msg`Share channel`;
const shareChannelMenu = (label: string) => (channel: Channel): MenuEntry[] => [
  { kind: 'action', label, onSelect: () => openShare({ kind: 'channel', title: channel.name, path: to.channel(channel.externalId), public: true }) },
];

/** Follow on channel cards and the channel page, while the server has the subscription option on. */
function ChannelFollowIfEnabled({ channel }: { channel: Channel }) {
  return useSubscriptionsEnabled() ? <ChannelFollow channel={channel} /> : null;
}

/**
 * Composes what each feature contributes to the shared cards (components/item-actions.tsx). A feature exports a
 * hook that returns its part (for example `usePlaylistVideoMenu()` → `(video, context) => MenuEntry[]`); call it
 * here and join it in. This is the one place where features meet.
 *
 * The value given to the cards never changes (issue 18): every card reads it, so a new value re-rendered a whole
 * page of cards each time one of these hooks changed (the auth config arriving, the Watch later list, the language
 * loading), a second long task after the one that rendered them. The menus are built from the latest parts when
 * called, and cards call them when a menu opens (Menu's items as a function).
 */
export function AppItemActions({ children }: { children: ReactNode }) {
  const playlistVideoMenu = usePlaylistVideoMenu();
  const historyVideoMenu = useHistoryVideoMenu();
  const siftChannelMenu = useSiftChannelMenu();
  // Follow controls (channel page, channel cards, their menu and bottom sheet) only with the subscription option on.
  const subscriptionsEnabled = useSubscriptionsEnabled();
  const followChannelMenu = useFollowChannelMenu(subscriptionsEnabled);
  const { i18n } = useLingui();
  const shareLabel = i18n._(SHARE_CHANNEL);
  const parts = useLatest({ playlistVideoMenu, historyVideoMenu, siftChannelMenu, followChannelMenu, subscriptionsEnabled, shareLabel });
  const value = useMemo<ItemActions>(
    () => ({
      videoMenu: (video, context) => joinMenus(parts.current.playlistVideoMenu, parts.current.historyVideoMenu)(video, context),
      channelMenu: (channel) => {
        const p = parts.current;
        return joinMenus(p.siftChannelMenu, shareChannelMenu(p.shareLabel), p.subscriptionsEnabled ? p.followChannelMenu : undefined)(channel);
      },
      ChannelFollow: ChannelFollowIfEnabled,
    }),
    [parts],
  );
  return (
    <ItemActionsProvider value={value}>
      {children}
      <AddToPlaylistHost />
      <AddToSiftHost />
      <SubscribeModalHost />
      <LazyShareHost />
    </ItemActionsProvider>
  );
}
