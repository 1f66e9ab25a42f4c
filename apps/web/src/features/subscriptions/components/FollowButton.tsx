import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Channel, Subscription } from '@sift/contracts';
import type { MenuEntry } from '../../../components/Menu';
import { useNotify } from '../../../components/Notifications';
import { isApiError } from '../../../lib/api';
import { useLoginNeeding } from '../../../lib/use-login-needing';
import { FOLLOW_CHANNEL_ACTION, FOLLOW_SIFT_ACTION, MULTI_SUBSCRIBE_ACTION } from '../actions';
import { followChannel, followSifts, refreshAfterFollow, unfollow, useSubscriptions, useSubscriptionOf } from '../api/queries';
import { openSubscribeModal } from './SubscribeModal';
import '../subscriptions.css';

interface Target {
  type: 'channel' | 'sift';
  /** Our id (to find the subscription). */
  id: number;
  /** A channel's service id or a sift's hash (what the follow call takes). */
  key: string;
  name: string;
}

/**
 * Follow / Unfollow (SPEC §4 "Follow and subscription"): following needs an account (a visitor's click is saved and
 * replayed after login); after success the feeds refresh and the success modal opens after 500 ms with the
 * frequency choice. Unfollowing a 401 saves a multiSubscribe action (SPEC §8).
 */
export function useToggleFollow() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const loginNeeding = useLoginNeeding();
  return useCallback(
    async (target: Target, subscription: Subscription | undefined) => {
      const payload = { id: target.key, name: target.name };
      const name = target.name;
      try {
        if (subscription) {
          const result = await loginNeeding({ type: MULTI_SUBSCRIBE_ACTION, payload }, () => unfollow(subscription.id));
          if (result.status === 'done') notify(t`Unfollowed ${name}`);
        } else {
          const result = await loginNeeding(
            { type: target.type === 'channel' ? FOLLOW_CHANNEL_ACTION : FOLLOW_SIFT_ACTION, payload, successMessage: t`Following ${name}` },
            async (): Promise<Subscription | undefined> =>
              target.type === 'channel' ? followChannel(target.key) : (await followSifts([target.key])).items[0],
          );
          if (result.status === 'done' && result.value) openSubscribeModal(result.value);
        }
        await refreshAfterFollow(qc);
      } catch (err) {
        if (!subscription) {
          // SPEC §8 "follow failure: logged, no user message" (the follow calls are quiet: no error banner either).
          console.warn('Follow failed', err);
        } else if (isApiError(err) && err.message) {
          notify(err.message);
        }
      }
    },
    [qc, notify, loginNeeding, t],
  );
}

function FollowToggle({ target, compact }: { target: Target; compact?: boolean }) {
  const { t } = useLingui();
  const toggleFollow = useToggleFollow();
  const subscription = useSubscriptionOf(target.type, target.id);
  const [busy, setBusy] = useState(false);
  const following = !!subscription;

  async function toggle() {
    setBusy(true);
    try {
      await toggleFollow(target, subscription);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn follow-btn ${following ? 'btn-secondary' : 'btn-primary'}${compact ? ' follow-btn--compact' : ''}`}
      aria-pressed={following}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {/* Named by what it shows plus whom (axe label-content-name-mismatch): "Follow X", pressed: "Following X". */}
      {following ? t`Following` : t`Follow`}
      <span className="sr-only"> {target.name}</span>
    </button>
  );
}

/** The follow control of channel cards and the channel page (components/item-actions ChannelFollow). */
export function ChannelFollow({ channel }: { channel: Channel }) {
  return <FollowToggle target={{ type: 'channel', id: channel.id, key: channel.externalId, name: channel.name }} compact />;
}

/** Follow a sift from its page: mount it where the sift page shows its actions. */
export function SiftFollowButton({ sift }: { sift: { id: number; hash: string; name: string } }) {
  return <FollowToggle target={{ type: 'sift', id: sift.id, key: sift.hash, name: sift.name }} />;
}

/**
 * The channel sheet's / menu's Follow or Unfollow entry (SPEC §2 "Channel: Add to Sift, Share channel, Follow/Unfollow").
 * `enabled` false (the subscription option is off): no entry, and the subscriptions are not asked for.
 */
export function useFollowChannelMenu(enabled = true) {
  const { t } = useLingui();
  const toggleFollow = useToggleFollow();
  const { data } = useSubscriptions(enabled);
  return useCallback(
    (channel: Channel): MenuEntry[] => {
      if (!enabled) return [];
      const subscription = data?.items.find((s) => s.target.type === 'channel' && s.target.id === channel.id);
      const target: Target = { type: 'channel', id: channel.id, key: channel.externalId, name: channel.name };
      return [{ kind: 'action', label: subscription ? t`Unfollow` : t`Follow`, onSelect: () => void toggleFollow(target, subscription) }];
    },
    [data, toggleFollow, enabled, t],
  );
}
