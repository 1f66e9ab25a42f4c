import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatDuration } from '../lib/format';
import { LONG_SEEK_STEP_S, SEEK_STEP_S } from './constants';
import { showsPauseIcon, type PlayerSnapshot, type PlayerTime } from './engine';
import type { PlayerVideo } from './types';

/**
 * What the controls show and allow, derived from a snapshot (SPEC §2 "Player page", §4). Pure, so the rules are
 * tested once and every view (maximised, minimised bar, fullscreen) agrees.
 */
export interface ControlsModel {
  /** Pause while PLAYING, BUFFERING or CUED; play otherwise. */
  playIcon: 'play' | 'pause';
  /** "Play" or "Pause" in the active language (read at call time: controlsModel runs while rendering). */
  playLabel: string;
  playDisabled: boolean;
  previousDisabled: boolean;
  nextDisabled: boolean;
}

/** What the seek bar and the clock show of the time (engine `getTime`, on its own subscription). */
export interface TimeModel {
  /** 0–100 of the duration. */
  percent: number;
  elapsed: string;
  duration: string;
}

export function controlsModel(s: PlayerSnapshot<PlayerVideo>): ControlsModel {
  const pause = showsPauseIcon(s.state);
  return {
    playIcon: pause ? 'pause' : 'play',
    playLabel: pause ? t`Pause` : t`Play`,
    // SPEC §2: disabled when there is no previous, no next, or the video is not embeddable — each condition
    // belongs to its control: a video that cannot play here still lets the person move on.
    playDisabled: !s.video || s.blocked || s.status !== 'ready',
    previousDisabled: !s.hasPrevious,
    nextDisabled: !s.hasNext,
  };
}

export function timeModel({ currentTime, duration }: PlayerTime): TimeModel {
  return {
    percent: duration > 0 ? Math.min(100, Math.max(0, (currentTime / duration) * 100)) : 0,
    elapsed: formatTime(currentTime),
    duration: formatTime(duration),
  };
}

/** mm:ss, or h:mm:ss from one hour (SPEC §9 "Duration format"). */
export const formatTime = formatDuration;

/** SPEC §9: rate 1 is labelled "Normal". */
export function rateLabel(rate: number): string {
  return rate === 1 ? t({ message: 'Normal', context: 'playback speed' }) : `${rate}×`;
}

export type KeyCommand =
  | { type: 'toggle-play' }
  | { type: 'seek'; by: number }
  | { type: 'seek-percent'; percent: number }
  | { type: 'volume'; by: number }
  | { type: 'mute' }
  | { type: 'fullscreen' }
  | { type: 'cinema' }
  | { type: 'captions' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'help' };

export interface Shortcut {
  /** Key caps as printed on the keyboard; the help sheet names the ones in KEY_NAMES in words. */
  keys: string[];
  description: MessageDescriptor;
}

/** Keys whose name is a word rather than a printed cap: the help sheet translates these. */
export const KEY_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  Space: msg({ message: 'Space', context: 'keyboard key' }),
  'Shift + N': msg({ message: 'Shift + N', context: 'keyboard keys' }),
  'Shift + P': msg({ message: 'Shift + P', context: 'keyboard keys' }),
};

/** The help sheet's list; keyCommand() below implements exactly these. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Space', 'K'], description: msg`Play or pause` },
  { keys: ['←', '→'], description: msg`Seek back or forward ${SEEK_STEP_S} seconds` },
  { keys: ['J', 'L'], description: msg`Seek back or forward ${LONG_SEEK_STEP_S} seconds` },
  { keys: ['0 … 9'], description: msg`Go to 0 % … 90 % of the video` },
  { keys: ['↑', '↓'], description: msg`Volume up or down` },
  { keys: ['M'], description: msg`Mute or unmute` },
  { keys: ['C'], description: msg`Captions on or off` },
  { keys: ['F'], description: msg`Fullscreen` },
  { keys: ['T'], description: msg`Cinema mode` },
  { keys: ['Shift + N', 'Shift + P'], description: msg`Next or previous video` },
  { keys: ['?'], description: msg`Show these shortcuts` },
];

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** The element the key went to: its own keys win (a button's Space, a slider's arrows, a text field). */
  target?: { tagName?: string; type?: string; role?: string | null; isContentEditable?: boolean } | null;
}

const OWNS_SPACE = new Set(['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);

/** Maps a key press in the player to a command, or null to let the key do what it otherwise does. */
export function keyCommand(e: KeyInput): KeyCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const tag = e.target?.tagName?.toUpperCase() ?? '';
  const typing = tag === 'TEXTAREA' || tag === 'SELECT' || !!e.target?.isContentEditable || (tag === 'INPUT' && !['range', 'checkbox', 'radio', 'button'].includes(e.target?.type ?? 'text'));
  if (typing) return null;
  const onSlider = tag === 'INPUT' && e.target?.type === 'range';
  const key = e.key;
  if (key === ' ' || key === 'Spacebar') return OWNS_SPACE.has(tag) || e.target?.role === 'menuitem' ? null : { type: 'toggle-play' };
  if (onSlider && ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(key)) return null;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'seek', by: -SEEK_STEP_S };
    case 'ArrowRight':
      return { type: 'seek', by: SEEK_STEP_S };
    case 'ArrowUp':
      return { type: 'volume', by: 5 };
    case 'ArrowDown':
      return { type: 'volume', by: -5 };
  }
  if (e.shiftKey) {
    if (key === 'N') return { type: 'next' };
    if (key === 'P') return { type: 'previous' };
    if (key === '?') return { type: 'help' };
    return null;
  }
  if (key === '?') return { type: 'help' };
  switch (key.toLowerCase()) {
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
      return { type: 'seek', by: -LONG_SEEK_STEP_S };
    case 'l':
      return { type: 'seek', by: LONG_SEEK_STEP_S };
    case 'm':
      return { type: 'mute' };
    case 'f':
      return { type: 'fullscreen' };
    case 't':
      return { type: 'cinema' };
    case 'c':
      return { type: 'captions' };
  }
  if (/^[0-9]$/.test(key)) return { type: 'seek-percent', percent: Number(key) * 10 };
  return null;
}

export type Swipe = 'up' | 'down' | 'left' | 'right';

/** A swipe: at least 48 px along its main axis, mostly in one direction, within 800 ms. */
export function classifySwipe(dx: number, dy: number, ms: number): Swipe | null {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ms > 800 || Math.max(ax, ay) < 48) return null;
  if (ay > ax * 1.5) return dy < 0 ? 'up' : 'down';
  if (ax > ay * 1.5) return dx < 0 ? 'left' : 'right';
  return null;
}
