import { Suspense } from 'react';
import type { Subscription } from '@sift/contracts';
import { ChunkBoundary } from '../../../components/ChunkBoundary';
import { useOnPathChange } from '../../../lib/hooks';
import { lazy } from '../../../lib/lazy';
import { createSlot } from '../../../lib/slot';

// The modal's body is a chunk of its own, asked for when a follow succeeds (it opens 500 ms later): the first route's
// bundle has a budget (bench/bundle-size.ts), and most visits follow nothing.
const SubscribeModal = lazy(() => import('./SubscribeModalDialog').then((m) => ({ default: m.SubscribeModal })));

/** SPEC §9 "Modal open delay". */
const MODAL_OPEN_DELAY_MS = 500;

// The one open success modal, for whoever followed (a card, a page, a replayed action); the host mounted once in the
// app shows it.
const modal = createSlot<Subscription>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Opens the success modal after the modal delay of SPEC §9 (500 ms), as SPEC §4 asks after a follow. */
export function openSubscribeModal(subscription: Subscription | null) {
  clearTimeout(timer);
  if (!subscription) return modal.set(null);
  void SubscribeModal.preload().catch(() => {});
  timer = setTimeout(() => modal.set(subscription), MODAL_OPEN_DELAY_MS);
}

/** Mount once (app/item-actions.tsx). */
export function SubscribeModalHost() {
  const subscription = modal.useValue();
  // SPEC §2: a path change closes what is open on another page; one still to open (a follow replayed after login,
  // then the way back) opens on the new page.
  useOnPathChange(modal.closeUnlessOn);
  if (!subscription) return null;
  return (
    <ChunkBoundary variant="overlay">
      <Suspense fallback={null}>
        <SubscribeModal key={subscription.id} subscription={subscription} onClose={() => modal.set(null)} />
      </Suspense>
    </ChunkBoundary>
  );
}

