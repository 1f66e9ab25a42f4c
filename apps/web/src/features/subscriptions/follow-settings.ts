import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { Frequency, Subscription, SubscriptionList } from '@sift/contracts';
import type { ToastAction } from '../../components/Notifications';
import { i18n } from '../../lib/i18n';
import { isApiError } from '../../lib/api';
import type { useLoginNeeding } from '../../lib/use-login-needing';
import { MULTI_SUBSCRIBE_ACTION } from './actions';
import { followTarget, refreshAfterFollow, subscriptionKeys, unfollow, updateSubscription, type FollowTarget } from './api/queries';
import { frequencyNoticesFor } from './frequency-notices';

/**
 * What the follow settings do ("Following" and the ⋮ entries of a followed channel or sift), loaded when a member
 * first picks one: every channel card shows the settings' button, few are used, and the first route's bundle has a
 * budget (bench/bundle-size.ts).
 */
export interface FollowSettingsContext {
  qc: QueryClient;
  notify: (text: string, action?: ToastAction) => void;
  loginNeeding: ReturnType<typeof useLoginNeeding>;
}

const report = (ctx: FollowSettingsContext, err: unknown) => {
  if (isApiError(err) && err.message) ctx.notify(err.message);
};

const patchList = (qc: QueryClient, change: (items: Subscription[]) => Subscription[]) =>
  qc.setQueryData<SubscriptionList>(subscriptionKeys.all, (old) => old && { items: change(old.items) });

/** A new e-mail frequency, saved at once (the choice shows before the server answers) and said. */
export async function changeFrequency(ctx: FollowSettingsContext, subscription: Subscription, frequency: Frequency) {
  const set = (f: Frequency) => patchList(ctx.qc, (items) => items.map((s) => (s.id === subscription.id ? { ...s, frequency: f } : s)));
  set(frequency);
  try {
    await updateSubscription(subscription.id, { frequency });
    ctx.notify(i18n._(frequencyNoticesFor(subscription.target.name)[frequency]));
  } catch (err) {
    set(subscription.frequency);
    report(ctx, err);
  } finally {
    void ctx.qc.invalidateQueries({ queryKey: subscriptionKeys.all });
  }
}

/** Follows again as before the Unfollow: the same frequency, and muted if it was (following unmutes, SPEC §4). */
async function followAgain(ctx: FollowSettingsContext, target: FollowTarget, before: Subscription) {
  const name = target.name;
  try {
    const again = await followTarget(target, before.frequency);
    if (again && before.muted) await updateSubscription(again.id, { muted: true });
    ctx.notify(t`Following ${name}`);
  } catch (err) {
    console.warn('Follow failed', err);
    report(ctx, err);
  } finally {
    await refreshAfterFollow(ctx.qc);
  }
}

/**
 * Unfollow (SPEC §4: the subscription stops, marked optOut), said in a toast that keeps an Undo; a 401 saves a
 * multiSubscribe action (SPEC §8). `onUndo` is told when Undo is chosen.
 */
export async function unfollowWithUndo(ctx: FollowSettingsContext, target: FollowTarget, subscription: Subscription, onUndo?: () => void) {
  const name = target.name;
  try {
    const result = await ctx.loginNeeding({ type: MULTI_SUBSCRIBE_ACTION, payload: { id: target.key, name } }, () => unfollow(subscription.id));
    if (result.status !== 'done') return;
    // The control turns back into Follow now, not when the list has been read again.
    patchList(ctx.qc, (items) => items.filter((s) => s.id !== subscription.id));
    ctx.notify(t`Unfollowed ${name}`, {
      label: t`Undo`,
      run: () => {
        onUndo?.();
        void followAgain(ctx, target, subscription);
      },
    });
    await refreshAfterFollow(ctx.qc);
  } catch (err) {
    report(ctx, err);
  }
}
