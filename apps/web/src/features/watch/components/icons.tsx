import { memo } from 'react';

/** The player's icons (24 px grid). Decorative: the button carrying one supplies the accessible name. */

const FILLED = {
  play: 'M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  next: 'M5 5.5v13a.8.8 0 0 0 1.2.7L15 13V19h2.5V5H15v6L6.2 4.8A.8.8 0 0 0 5 5.5Z',
  previous: 'M19 5.5v13a.8.8 0 0 1-1.2.7L9 13V19H6.5V5H9v6l8.8-6.2a.8.8 0 0 1 1.2.7Z',
} as const;

const STROKED = {
  volume: 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  muted: 'M4 9h4l5-4v14l-5-4H4zM17 9l5 6M22 9l-5 6',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullscreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  cinema: 'M2 6h20v12H2z',
  cinemaExit: 'M5 7h14v10H5z',
  captions: 'M3 5h18v14H3zM10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6',
  speed: 'M12 21a9 9 0 1 1 9-9M12 12l4-4M12 3v2M3 12h2M19.5 7.5',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z',
  more: 'M12 5.5v.01M12 12v.01M12 18.5v.01',
  close: 'M6 6l12 12M18 6 6 18',
  minimise: 'M3 5h18v14H3zM12 12h7v5h-7z',
  expand: 'M4 14v6h6M20 10V4h-6M4 20l7-7M20 4l-7 7',
  up: 'M6 15l6-6 6 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
  channel: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0',
} as const;

export type PlayerIconName = keyof typeof FILLED | keyof typeof STROKED;

/** Memoised: the controls are drawn again on each of the player's state changes; their icons rarely change. */
export const PlayerIcon = memo(function PlayerIcon({ name, size = 24 }: { name: PlayerIconName; size?: number }) {
  const filled = name in FILLED;
  const d = filled ? FILLED[name as keyof typeof FILLED] : STROKED[name as keyof typeof STROKED];
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
});
