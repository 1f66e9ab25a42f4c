import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Channel, Video } from '@sift/contracts';
import type { MenuEntry } from './Menu';

/**
 * Where a video card stands, so that actions can depend on it (SPEC §2 bottom sheets: "remove from playlist" only
 * in a playlist the person owns, and so on).
 */
export interface VideoCardContext {
  /** The playlist whose page lists the card, if any. */
  playlist?: { id: string; name: string; owned: boolean };
  /** The sift whose page lists the card, if any. */
  sift?: { hash: string; name: string };
}

/**
 * Actions that features contribute to the shared cards and pages without importing each other (features don't
 * import features). Each contribution is built by a hook of its feature and composed in app/item-actions.tsx.
 * An absent contribution simply shows nothing.
 */
export interface ItemActions {
  /** Entries of a video card's "More actions" menu (add to playlist, Watch later, …). */
  videoMenu: (video: Video, context: VideoCardContext) => MenuEntry[];
  /** Entries of a channel card's / channel page's menu (add to sift, …). */
  channelMenu: (channel: Channel) => MenuEntry[];
  /** The follow control shown on channel cards and the channel page (issue 7), if the feature is wired. */
  ChannelFollow?: ComponentType<{ channel: Channel }>;
}

const NONE: ItemActions = { videoMenu: () => [], channelMenu: () => [] };

const ItemActionsContext = createContext<ItemActions>(NONE);

export function ItemActionsProvider({ value, children }: { value: ItemActions; children: ReactNode }) {
  return <ItemActionsContext.Provider value={value}>{children}</ItemActionsContext.Provider>;
}

export function useItemActions(): ItemActions {
  return useContext(ItemActionsContext);
}

/** Joins several features' menu contributions into one list, in the given order. */
export function joinMenus<A extends unknown[]>(...parts: Array<((...args: A) => MenuEntry[]) | undefined>) {
  return (...args: A): MenuEntry[] => parts.flatMap((part) => (part ? part(...args) : []));
}
