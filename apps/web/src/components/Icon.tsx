/** Inline SVG icons (24 px grid, stroke). Decorative: the control carrying one supplies the accessible name. */

const PATHS = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM15.5 15.5 21 21',
  back: 'M15 5l-7 7 7 7',
  down: 'M6 9l6 6 6-6',
  forward: 'M9 5l7 7-7 7',
  close: 'M6 6l12 12M18 6 6 18',
  menu: 'M4 7h16M4 12h16M4 17h16',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h5v4H4zM12 6h8M12 8h5M4 15h5v4H4zM12 16h8M12 18h5',
  up: 'M12 19V5M6 11l6-6 6 6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0',
  plus: 'M12 5v14M5 12h14',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2',
  playlist: 'M4 6h12M4 11h12M4 16h7M16 14v6l5-3z',
  sift: 'M3 5h18l-7 8v6l-4 2v-8z',
  import: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  expand: 'M4 14v6h6M20 10V4h-6M4 20l7-7M20 4l-7 7',
  minimise: 'M3 5h18v14H3zM12 12h7v5h-7z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  play: 'M7 4v16l13-8z',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h11',
  more: 'M12 5h.01M12 12h.01M12 19h.01',
  share: 'M4 13v7h16v-7M12 3v12M7 8l5-5 5 5',
  check: 'M5 12.5l4.5 4.5L19 7',
  hide: 'M3 3l18 18M10.6 6.1A9.9 9.9 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-2.6 3.2M6.6 6.6C4.3 8.2 3 12 3 12s4 6 9 6a8.6 8.6 0 0 0 4.4-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2',
  history: 'M3 12a9 9 0 1 0 3-6.7M3 4v5h5M12 7v5l3 2',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
