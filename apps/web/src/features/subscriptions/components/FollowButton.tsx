import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Channel, Subscription } from '@sift/contracts';
import { Icon } from '../../../components/Icon';
import { Menu, type MenuEntry } from '../../../components/Menu';
import { useNotify } from '../../../components/Notifications';
import { useLoginNeeding } from '../../../lib/use-login-needing';
import { FOLLOW_CHANNEL_ACTION, FOLLOW_SIFT_ACTION } from '../actions';
import { followTarget, refreshAfterFollow, useSubscriptions, useSubscriptionOf, type FollowTarget as Target } from '../api/queries';
import type * as FollowSettings from '../follow-settings';
import { FREQUENCIES, FREQUENCY_LABELS } from '../frequencies';
import { openSubscribeModal } from './SubscribeModal';
import '../subscriptions.css';

const channelTarget = (channel: Channel): Target => ({ type: 'channel', id: channel.id, key: channel.externalId, name: channel.name });

/**
 * Follow (SPEC §4 "Follow and subscription"): it needs an account (a visitor's click is saved and replayed after
 * login); after success the feeds refresh and the success modal opens after 500 ms with the frequency choice.
 */
function useFollow() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const loginNeeding = useLoginNeeding();
  return useCallback(
    async (target: Target) => {
      const name = target.name;
      try {
        const result = await loginNeeding(
          { type: target.type === 'channel' ? FOLLOW_CHANNEL_ACTION : FOLLOW_SIFT_ACTION, payload: { id: target.key, name }, successMessage: t`Following ${name}` },
          () => followTarget(target),
        );
        if (result.status === 'done' && result.value) openSubscribeModal(result.value);
        await refreshAfterFollow(qc);
      } catch (err) {
        // SPEC §8 "follow failure: logged, no user message" (the follow calls are quiet: no error banner either).
        console.warn('Follow failed', err);
      }
    },
    [qc, loginNeeding, t],
  );
}

/**
 * The follow settings of a followed channel or sift: its e-mail frequency (SPEC §4's four, the current one checked)
 * and Unfollow, whose toast keeps an Undo (follow-settings.ts, loaded when one is first picked). `onAction` is told
 * when one of them is chosen, and when the Unfollow's Undo is.
 */
function useFollowSettings() {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const loginNeeding = useLoginNeeding();
  const ctx = useMemo<FollowSettings.FollowSettingsContext>(() => ({ qc, notify, loginNeeding }), [qc, notify, loginNeeding]);
  return useCallback(
    (target: Target, subscription: Subscription, onAction?: () => void): MenuEntry[] => {
      const run = (work: (m: typeof FollowSettings) => Promise<void>) => {
        onAction?.();
        import('../follow-settings').then(work).catch((err: unknown) => console.warn(err));
      };
      return [
        {
          kind: 'group',
          label: t`Tell me about new videos by e-mail`,
          items: FREQUENCIES.map((f) => ({
            kind: 'radio' as const,
            label: i18n._(FREQUENCY_LABELS[f]),
            checked: subscription.frequency === f,
            onSelect: () => {
              if (f !== subscription.frequency) run((m) => m.changeFrequency(ctx, subscription, f));
            },
          })),
        },
        { kind: 'separator' },
        { kind: 'action', label: t`Unfollow`, onSelect: () => run((m) => m.unfollowWithUndo(ctx, target, subscription, onAction)) },
      ];
    },
    [ctx, t, i18n],
  );
}

/**
 * Follow, one click; once followed, "Following" opens the follow settings in place (a dropdown, a bottom sheet on a
 * phone), as a subscribed button does on YouTube. The two are different elements: when one replaces the other
 * after the person acted on it, focus moves to the new one instead of being lost.
 */
function FollowToggle({ target, compact, offer = true }: { target: Target; compact?: boolean; /** false: no Follow, only the settings of a follow there is. */ offer?: boolean }) {
  const { t } = useLingui();
  const follow = useFollow();
  const settings = useFollowSettings();
  const subscription = useSubscriptionOf(target.type, target.id);
  const [busy, setBusy] = useState(false);
  const following = !!subscription;
  const wrap = useRef<HTMLSpanElement>(null);
  const acted = useRef(false);
  const shown = useRef(following);

  useLayoutEffect(() => {
    if (shown.current === following) return;
    shown.current = following;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (acted.current && lost) wrap.current?.querySelector<HTMLButtonElement>('button')?.focus();
    acted.current = false;
  }, [following]);

  const name = target.name;
  if (!following && !offer) return null;
  const className = `btn follow-btn ${following ? 'btn-secondary' : 'btn-primary'}${compact ? ' follow-btn--compact' : ''}`;
  return (
    <span ref={wrap} className="follow-ctl">
      {subscription ? (
        <Menu
          label={t`Follow settings for ${name}`}
          // Named by what it shows plus whom (axe label-content-name-mismatch): its own message, as the toast's
          // "Following {name}" is a sentence that need not start with the button's word in every language.
          buttonLabel={t({ message: `Following ${name}`, context: 'button', comment: 'The Following button\'s name: starts with the word it shows ("Following"), then whom' })}
          button={
            <>
              {t`Following`}
              <Icon name="down" size={18} />
            </>
          }
          buttonClassName={className}
          title={name}
          items={() => settings(target, subscription, () => (acted.current = true))}
        />
      ) : (
        <button
          type="button"
          className={className}
          disabled={busy}
          onClick={() => {
            acted.current = true;
            setBusy(true);
            void follow(target).finally(() => setBusy(false));
          }}
        >
          {t`Follow`}
          <span className="sr-only"> {name}</span>
        </button>
      )}
    </span>
  );
}

/** The follow control of channel cards and the channel page (components/item-actions ChannelFollow). */
export function ChannelFollow({ channel }: { channel: Channel }) {
  return <FollowToggle target={channelTarget(channel)} compact />;
}

/** What the sift page tells of its sift: who it is, and whether the caller owns it. */
type FollowedSift = { id: number; hash: string; name: string; owner: { creator: boolean } };
const siftTarget = (sift: FollowedSift): Target => ({ type: 'sift', id: sift.id, key: sift.hash, name: sift.name });

/**
 * Follow a sift from its page: mount it where the sift page shows its actions. Its owner is not offered to follow it
 * (the server refuses, 409 OWN_SIFT); a follow they made before that keeps its settings, so it can be stopped here.
 */
export function SiftFollowButton({ sift }: { sift: FollowedSift }) {
  return <FollowToggle target={siftTarget(sift)} offer={!sift.owner.creator} />;
}

/**
 * The follow entries of a ⋮ menu or its bottom sheet: Follow, or, once followed, the same settings as "Following"
 * opens. `enabled` false (the subscription option is off): no entry, and the subscriptions are not asked for.
 */
function useFollowMenu(enabled: boolean) {
  const { t } = useLingui();
  const follow = useFollow();
  const settings = useFollowSettings();
  const { data } = useSubscriptions(enabled);
  return useCallback(
    (target: Target, offer = true): MenuEntry[] => {
      if (!enabled) return [];
      const subscription = data?.items.find((s) => s.target.type === target.type && s.target.id === target.id);
      if (!subscription) return offer ? [{ kind: 'action', label: t`Follow`, onSelect: () => void follow(target) }] : [];
      return [{ kind: 'separator' }, ...settings(target, subscription)];
    },
    [data, follow, settings, enabled, t],
  );
}

/** A channel's ⋮ entries (SPEC §2 "Channel: Add to Sift, Share channel, Follow/Unfollow"). */
export function useFollowChannelMenu(enabled = true) {
  const menu = useFollowMenu(enabled);
  return useCallback((channel: Channel) => menu(channelTarget(channel)), [menu]);
}

/** A sift page's ⋮ entries: none to follow it for its owner, as SiftFollowButton. */
export function useFollowSiftMenu(enabled = true) {
  const menu = useFollowMenu(enabled);
  return useCallback((sift: FollowedSift) => menu(siftTarget(sift), !sift.owner.creator), [menu]);
}
