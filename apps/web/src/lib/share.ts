import { createSlot } from './slot';

/**
 * What a share dialog shares (SPEC §1 "Share items to social networks"). Any layer may ask for the dialog with
 * `openShare(...)`; the share feature's host, mounted once by the app, shows it. It lives in lib so that the
 * features that offer "Share …" (sifts, playlists, channels, the player, profiles) need not import the share feature.
 */
export interface ShareTarget {
  kind: 'video' | 'channel' | 'sift' | 'playlist' | 'user';
  /** The item's name: the dialog shows it, and networks that take a text send it with the link. */
  title: string;
  /** The item's address on this site (a `to.*` builder of lib/paths): its public page, also its link preview. */
  path: string;
  /** SPEC §5 "Sharing needs the item to be public": a private one gets the explanation instead of the networks. */
  public: boolean;
  /**
   * Given when the person may make a private item public (its owner): the dialog then offers to, and shares once it
   * is, instead of leaving them at the explanation. Resolves once the server has it; rejects with its error.
   */
  makePublic?: () => Promise<void>;
}

const slot = createSlot<ShareTarget>();

/** Opens the share dialog (or bottom sheet, below 992 px) for `target`; null closes it. */
export const openShare = (target: ShareTarget | null) => slot.set(target);
export const useShareTarget = () => slot.useValue();
/** Closes the dialog when the page shown is no longer the one it opened on (SPEC §2 "On every path change"). */
export const closeShareUnlessOn = (pathname: string) => slot.closeUnlessOn(pathname);

/** The absolute address people get: this site's origin (where the person is, PUBLIC_URL in production) and the path. */
export const shareUrl = (target: Pick<ShareTarget, 'path'>) => `${window.location.origin}${target.path}`;
