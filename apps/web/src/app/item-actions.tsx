import { useMemo, type ReactNode } from 'react';
import { ItemActionsProvider, joinMenus, type ItemActions } from '../components/item-actions';
import { AddToPlaylistHost, usePlaylistVideoMenu } from '../features/playlists';
import { AddToSiftHost, useSiftChannelMenu } from '../features/sifts';
import { ChannelFollow, SubscribeModalHost, useFollowChannelMenu } from '../features/subscriptions';
import { useSubscriptionsEnabled } from './subscriptions-option';

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
  const value = useMemo<ItemActions>(
    () => ({
      videoMenu: joinMenus(playlistVideoMenu),
      channelMenu: joinMenus(siftChannelMenu, subscriptionsEnabled ? followChannelMenu : undefined),
      ...(subscriptionsEnabled ? { ChannelFollow } : {}),
    }),
    [playlistVideoMenu, siftChannelMenu, followChannelMenu, subscriptionsEnabled],
  );
  return (
    <ItemActionsProvider value={value}>
      {children}
      <AddToPlaylistHost />
      <AddToSiftHost />
      <SubscribeModalHost />
    </ItemActionsProvider>
  );
}
