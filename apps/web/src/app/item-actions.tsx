import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Suspense, useMemo, type ReactNode } from 'react';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { ItemActionsProvider, joinMenus, type ItemActions } from '../components/item-actions';
import { AddToPlaylistHost, usePlaylistVideoMenu } from '../features/playlists';
import { AddToSiftHost, useSiftChannelMenu } from '../features/sifts';
import { ChannelFollow, SubscribeModalHost, useFollowChannelMenu } from '../features/subscriptions';
import { lazy } from '../lib/lazy';
import { openShare, useShareTarget } from '../lib/share';
import { to } from '../lib/paths';
import type { MenuEntry } from '../components/Menu';
import type { Channel } from '@sift/contracts';
import { useSubscriptionsEnabled } from './subscriptions-option';

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

/**
 * Composes what each feature contributes to the shared cards (components/item-actions.tsx). A feature exports a
 * hook that returns its part (for example `usePlaylistVideoMenu()` → `(video, context) => MenuEntry[]`); call it
 * here and join it in. This is the one place where features meet.
 */
export function AppItemActions({ children }: { children: ReactNode }) {
  const playlistVideoMenu = usePlaylistVideoMenu();
  const siftChannelMenu = useSiftChannelMenu();
  // Follow controls (channel page, channel cards, their menu and bottom sheet) only with the subscription option on.
  const subscriptionsEnabled = useSubscriptionsEnabled();
  const followChannelMenu = useFollowChannelMenu(subscriptionsEnabled);
  const { i18n } = useLingui();
  const shareLabel = i18n._(SHARE_CHANNEL);
  const value = useMemo<ItemActions>(
    () => ({
      videoMenu: joinMenus(playlistVideoMenu),
      channelMenu: joinMenus(siftChannelMenu, shareChannelMenu(shareLabel), subscriptionsEnabled ? followChannelMenu : undefined),
      ...(subscriptionsEnabled ? { ChannelFollow } : {}),
    }),
    [playlistVideoMenu, siftChannelMenu, followChannelMenu, subscriptionsEnabled, shareLabel],
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
