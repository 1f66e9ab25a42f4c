import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, type MenuEntry } from '../../../components/Menu';
import { usePreference } from '../../../lib/hooks';
import { to } from '../../../lib/paths';
import { CAPTION_LANGUAGE } from '../../../player/constants';
import { rateLabel } from '../../../player/controls';
import type { PlayerEngine, PlayerSnapshot } from '../../../player/engine';
import { playerMenuActions, type PlayerMenuAction } from '../../../player/links';
import { autoplayPreference } from '../../../player/types';
import type { Video } from '@sift/contracts';
import { PlayerIcon } from './icons';

/**
 * The player's menus (SPEC §2): playback speed, captions (Off / English), settings, and the player menu. Each is
 * a dropdown at ≥ 992 px and a bottom sheet with a Close footer below (components/Menu).
 */

type Snap = PlayerSnapshot<Video>;

export function SpeedMenu({ engine, snap, className }: { engine: PlayerEngine<Video>; snap: Snap; className: string }) {
  const { t } = useLingui();
  const rate = rateLabel(snap.playbackRate);
  const items: MenuEntry[] = snap.availablePlaybackRates.map((rate) => ({
    kind: 'radio',
    label: rateLabel(rate),
    checked: rate === snap.playbackRate,
    onSelect: () => engine.setPlaybackRate(rate),
  }));
  return (
    <Menu
      label={t`Playback speed: ${rate}`}
      title={t`Playback speed`}
      button={<PlayerIcon name="speed" />}
      buttonClassName={className}
      placement="above"
      items={items}
      disabled={snap.status !== 'ready'}
    />
  );
}

export function CaptionsMenu({ engine, snap, className }: { engine: PlayerEngine<Video>; snap: Snap; className: string }) {
  const { t } = useLingui();
  const items: MenuEntry[] = [
    { kind: 'radio', label: t({ message: 'Off', context: 'captions' }), checked: snap.captions === null, onSelect: () => engine.setCaptions(null) },
    {
      kind: 'radio',
      label: t({ message: 'English', context: 'captions language' }),
      checked: snap.captions !== null,
      // SPEC §5: the captions menu item is disabled when captions are unavailable.
      disabled: !snap.captionsAvailable,
      onSelect: () => engine.setCaptions(CAPTION_LANGUAGE),
    },
  ];
  return (
    <Menu
      label={snap.captions ? t`Captions: English` : t`Captions: Off`}
      title={t`Captions`}
      button={<PlayerIcon name="captions" />}
      buttonClassName={className}
      placement="above"
      items={items}
      footnote={snap.captionsAvailable ? undefined : <p className="menu-note">
            <Trans>No captions for this video.</Trans>
          </p>}
    />
  );
}

export function SettingsMenu({
  engine,
  snap,
  className,
  onHelp,
}: {
  engine: PlayerEngine<Video>;
  snap: Snap;
  className: string;
  onHelp: () => void;
}) {
  const { t } = useLingui();
  const [autoplay, setAutoplay] = usePreference('autoplay');
  const [autoplayList, setAutoplayList] = usePreference('autoplay_list');
  const [notice, setNotice] = usePreference('showOpenNonEmbeddableVideoMessage');
  const [openTab, setOpenTab] = usePreference('openNonEmbeddableVideo');
  // Inside a playlist or sift, autoplay is a setting of its own (SPEC §3 `autoplay_list`, decision 049): both show,
  // the list's first.
  const inList = autoplayPreference(snap.item) === 'autoplay_list';
  const items: MenuEntry[] = [
    ...(inList ? [{ kind: 'switch' as const, label: t`Autoplay in playlists and sifts`, checked: autoplayList, onChange: setAutoplayList }] : []),
    { kind: 'switch', label: inList ? t`Autoplay elsewhere` : t`Autoplay next video`, checked: autoplay, onChange: setAutoplay },
    { kind: 'switch', label: t`Cinema mode`, checked: snap.view.cinema, onChange: (cinema) => engine.setView({ cinema }) },
    { kind: 'separator' },
    { kind: 'switch', label: t`Ask before leaving for the video service`, checked: notice, onChange: setNotice },
    { kind: 'switch', label: t`Open unplayable videos in a new tab`, checked: openTab, onChange: setOpenTab },
    { kind: 'separator' },
    { kind: 'action', label: t`Keyboard shortcuts`, onSelect: onHelp },
  ];
  return (
    <Menu label={t`Settings`} title={t`Settings`} button={<PlayerIcon name="settings" />} buttonClassName={className} placement="above" items={items} />
  );
}

/** Handlers later issues plug in (add to playlist, share, …); an action without one is not shown. */
export type PlayerMenuHandlers = Partial<Record<Exclude<PlayerMenuAction, 'viewChannel'>, (video: Video) => void>>;

const LABELS: Record<PlayerMenuAction, MessageDescriptor> = {
  viewPlaylist: msg`View playlist`,
  viewSift: msg`View sift`,
  viewChannel: msg`View channel`,
  addToPlaylist: msg`Add to playlist`,
  removeFromPlaylist: msg`Remove from playlist`,
  share: msg`Share video`,
};

/** SPEC §2 "Player" menu with the visibility rules of SPEC §6 (player/links.ts). */
export function PlayerMenu({ video, item, loggedIn, handlers }: { video: Video | null; item: Snap['item']; loggedIn: boolean; handlers: PlayerMenuHandlers }) {
  const { t, i18n } = useLingui();
  if (!video) return null;
  const available = new Set<PlayerMenuAction>(['viewChannel', ...(Object.keys(handlers) as PlayerMenuAction[])]);
  const items: MenuEntry[] = playerMenuActions({ video, item, loggedIn, available }).map((action) => {
    if (action === 'viewChannel') return { kind: 'link', label: i18n._(LABELS.viewChannel), to: to.channel(video.channelExternalId) };
    const handler = handlers[action]!;
    return { kind: 'action', label: i18n._(LABELS[action]), onSelect: () => handler(video) };
  });
  return <Menu label={t`More actions`} title={t({ message: 'Player', context: 'menu title' })} button={<PlayerIcon name="more" />} items={items} />;
}
