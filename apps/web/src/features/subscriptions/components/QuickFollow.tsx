import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Subscription, SubscriptionList } from '@sift/contracts';
import { Icon } from '../../../components/Icon';
import { formatNumber } from '../../../lib/format';
import { followTarget, refreshAfterFollow, subscriptionKeys, unfollow, useSubscriptions, type FollowTarget } from '../api/queries';
import '../subscriptions.css';

export type { FollowTarget };

/** The member's subscriptions as the list has them, changed at once (the server's answer follows). */
function useSubscriptionsCache() {
  const qc = useQueryClient();
  const edit = (change: (items: Subscription[]) => Subscription[]) =>
    qc.setQueryData<SubscriptionList>(subscriptionKeys.all, (list) => (list ? { ...list, items: change(list.items) } : list));
  return { qc, edit };
}

/**
 * Follow in one tap and take it back with a second (issue 31: the onboarding's channels and sifts): a toggle button,
 * "Follow" then "Following" (pressed), with no success modal and no menu between. A follow takes the server's
 * frequency (SPEC §4: weekly), as an import's follows do; the settings stay a tap away on the channel or sift later.
 * The button is the same element throughout, so the focus stays on it.
 */
export function QuickFollow({ target }: { target: FollowTarget }) {
  const { t } = useLingui();
  const { data, isPending } = useSubscriptions();
  const { qc, edit } = useSubscriptionsCache();
  const subscription = data?.items.find((s) => s.target.type === target.type && s.target.id === target.id);
  const [busy, setBusy] = useState(false);
  const following = !!subscription;
  const name = target.name;

  const toggle = async () => {
    setBusy(true);
    try {
      if (subscription) {
        await unfollow(subscription.id);
        edit((items) => items.filter((s) => s.id !== subscription.id));
      } else {
        const made = await followTarget(target);
        if (made) edit((items) => [...items.filter((s) => s.id !== made.id), made]);
      }
      await refreshAfterFollow(qc);
    } catch (err) {
      // SPEC §8 "follow failure: logged, no user message": the button simply stays as it was.
      console.warn('Follow failed', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn follow-btn follow-btn--compact quick-follow ${following ? 'btn-secondary' : 'btn-primary'}`}
      aria-pressed={following}
      // Not `disabled`, which would drop the focus from the button just pressed: waiting for the server (or, at first,
      // for the member's follows, without which "Follow" could stand on a channel an import follows) it ignores taps.
      aria-disabled={busy || isPending || undefined}
      onClick={() => {
        if (!busy && !isPending) void toggle();
      }}
    >
      {following && <Icon name="check" size={18} />}
      {following ? t`Following` : t`Follow`}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** "You follow 3 channels and 1 sift": what the member follows, said again to screen readers when it changes. */
export function FollowedCount() {
  const { data } = useSubscriptions();
  const items = data?.items ?? [];
  const channels = items.filter((s) => s.target.type === 'channel').length;
  const sifts = items.filter((s) => s.target.type === 'sift').length;
  const c = formatNumber(channels);
  const s = formatNumber(sifts);
  return (
    <p className="followed-count" role="status">
      {!data ? null : channels + sifts === 0 ? (
        <Trans>You follow nothing yet</Trans>
      ) : sifts === 0 ? (
        <Plural value={channels} one={`You follow ${c} channel`} other={`You follow ${c} channels`} />
      ) : channels === 0 ? (
        <Plural value={sifts} one={`You follow ${s} sift`} other={`You follow ${s} sifts`} />
      ) : (
        <Trans>
          You follow <Plural value={channels} one={`${c} channel`} other={`${c} channels`} /> and{' '}
          <Plural value={sifts} one={`${s} sift`} other={`${s} sifts`} />
        </Trans>
      )}
    </p>
  );
}
