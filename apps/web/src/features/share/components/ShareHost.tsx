import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { BottomSheet } from '../../../components/BottomSheet';
import { usePortalSafeId } from '../../../components/dialog';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useIsDesktop, useOnPathChange, usePreference } from '../../../lib/hooks';
import { closeShareUnlessOn, openShare, shareUrl, useShareTarget, type ShareTarget } from '../../../lib/share';
import type { ShareNetwork } from '../../../lib/storage';
import { afterUse, NETWORKS, orderNetworks } from '../networks';
import { openSharePopup } from '../popup';
import '../share.css';
import { track } from '../../../lib/analytics';
import { genericErrorMessage, isApiError } from '../../../lib/api';

/** The dialog's title per kind of item ("Share video"). */
const TITLES: Record<ShareTarget['kind'], MessageDescriptor> = {
  video: msg`Share video`,
  channel: msg`Share channel`,
  sift: msg`Share sift`,
  playlist: msg`Share playlist`,
  user: msg`Share profile`,
};
/** SPEC §5. */
const PRIVATE_TEXT = msg`Sharing needs the item to be public.`;
/** SPEC §8 notifications. */
const COPIED_TEXT = msg`Link copied to clipboard`;

/** Mount once (app/item-actions.tsx): the share dialog (≥ 992 px) or bottom sheet of whatever `openShare` asked for. */
export function ShareHost() {
  const { i18n } = useLingui();
  const target = useShareTarget();
  const desktop = useIsDesktop();
  const close = () => openShare(null);
  useOnPathChange(closeShareUnlessOn);
  if (!target) return null;
  const title = i18n._(TITLES[target.kind]);
  // Keyed by the item: another item opened over this one starts afresh (order, popup).
  const body = <ShareBody key={`${target.kind}:${target.path}`} target={target} onDone={close} />;
  if (desktop) {
    return (
      <Modal title={title} onClose={close} closeVariant="secondary">
        {body}
      </Modal>
    );
  }
  return (
    <BottomSheet label={title} onClose={close}>
      <p className="menu-title">{title}</p>
      <div className="share-sheet-body">{body}</div>
    </BottomSheet>
  );
}

/**
 * The networks, most recently used first (SPEC §3 `share_items`), each opening its share address in a popup whose
 * closing ends the dialog (checked every 500 ms, SPEC §9); and the link with "Copy link". A private item has only
 * the explanation, and for its owner a button that makes it public and goes on to the networks.
 */
function ShareBody({ target, onDone }: { target: ShareTarget; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const [stored, setStored] = usePreference('share_items');
  // The order as the dialog opened: the network just used moves first next time, not under the pointer.
  const [order] = useState(() => orderNetworks(stored));
  const [sharingOn, setSharingOn] = useState<ShareNetwork | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const linkId = usePortalSafeId('share-link');
  useEffect(() => () => stopWatching.current?.(), []);
  // A private item its owner made public here: the dialog goes on to the networks.
  const [madePublic, setMadePublic] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const networksRef = useRef<HTMLUListElement>(null);
  // The button that made it public is gone: focus goes on to the first network rather than falling to the page.
  useEffect(() => {
    if (madePublic) networksRef.current?.querySelector('a')?.focus();
  }, [madePublic]);
  const { makePublic } = target;
  const publish = async () => {
    if (!makePublic) return;
    setPublishing(true);
    try {
      await makePublic();
      setMadePublic(true);
    } catch (err) {
      notify(isApiError(err) && err.message ? err.message : genericErrorMessage());
    } finally {
      setPublishing(false);
    }
  };

  if (!target.public && !madePublic) {
    return (
      <div className="share-private">
        <p>{i18n._(PRIVATE_TEXT)}</p>
        {makePublic && (
          <button type="button" className="btn btn-primary" disabled={publishing} aria-busy={publishing} onClick={() => void publish()}>
            <Trans>Make public and share</Trans>
          </button>
        )}
      </div>
    );
  }

  const url = shareUrl(target);
  const share = (network: ShareNetwork, e: MouseEvent<HTMLAnchorElement>) => {
    setStored(afterUse(stored, network));
    track('eca_share', { kind: target.kind, network });
    stopWatching.current?.();
    stopWatching.current = openSharePopup(NETWORKS[network].address(url, target.title), onDone);
    // A blocked popup: the link itself opens the network in a new tab.
    if (stopWatching.current) {
      e.preventDefault();
      setSharingOn(network);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      track('eca_share', { kind: target.kind, network: 'link' });
      notify(i18n._(COPIED_TEXT));
      onDone();
    } catch {
      // No clipboard (permission, an insecure origin): the link is selected for the person to copy.
      linkRef.current?.select();
    }
  };

  const networkName = sharingOn ? NETWORKS[sharingOn].name : '';
  return (
    <div className="share">
      <p className="share-title">{target.title}</p>
      <ul ref={networksRef} className="share-networks" aria-label={t`Share on`}>
        {order.map((id) => {
          const network = NETWORKS[id];
          return (
            <li key={id}>
              <a className="share-network" href={network.address(url, target.title)} target="_blank" rel="noopener noreferrer" onClick={(e) => share(id, e)}>
                <span className={`share-badge share-badge--${id}`} aria-hidden="true">
                  {BADGES[id]}
                </span>
                <span className="share-name">{network.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
      {sharingOn && (
        <p className="share-status" role="status">
          <Trans>Sharing on {networkName}. This closes when its window does.</Trans>
        </p>
      )}
      <div className="field share-link">
        <label className="field-label" htmlFor={linkId}>
          <Trans context="noun">Link</Trans>
        </label>
        <div className="share-link-row">
          <input id={linkId} ref={linkRef} className="share-link-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-primary" onClick={() => void copy()}>
            <Trans>Copy link</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}

/** A letter on the network's colour: recognisable without shipping the networks' logos. */
const BADGES: Record<ShareNetwork, string> = { facebook: 'f', linkedin: 'in', telegram: 'T', twitter: 'X', whatsapp: 'W' };
