import { Trans } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { MENU_CLOSE_DELAY_MS } from '../lib/config';
import { isDesktop, useIsDesktop, useLatest } from '../lib/hooks';
import { AppLink } from './AppLink';
import { BottomSheet } from './BottomSheet';
import { Icon, type IconName } from './Icon';
import { usePortalSafeId } from './dialog';
import { placeDropdown } from './menu-position';
import { Toggle } from './Toggle';

export type MenuEntry =
  | { kind: 'link'; label: string; to: string; icon?: IconName }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: IconName; disabled?: boolean }
  /** One of a set of choices (playback speed, captions): role menuitemradio. */
  | { kind: 'radio'; label: string; checked: boolean; onSelect: () => void; disabled?: boolean; /** The label's language when not the page's (a language's own name). */ lang?: string }
  /**
   * An on/off setting (components/Toggle, role switch). A switch is no menu item: a panel with one is a dialog of
   * controls (the player's settings), moved through with Tab or the arrow keys, that stays open as settings change.
   */
  | { kind: 'switch'; label: string; checked: boolean; onChange: (on: boolean) => void }
  /** Choices that belong together under a visible label (a follow's e-mail frequencies): role group. */
  | { kind: 'group'; label: string; items: MenuChoice[] }
  | { kind: 'separator' };
/** The entries a group holds. */
export type MenuChoice = Extract<MenuEntry, { kind: 'radio' }>;

export interface MenuProps {
  /** Accessible name of the menu and of its button. */
  label: string;
  /** The button's own accessible name, when it is not the menu's ("Following X" opens "Follow settings for X"). */
  buttonLabel?: string;
  /** Visible content of the trigger button (icon and/or text). */
  button: ReactNode;
  buttonClassName?: string;
  /** The entries, or a function that gives them when the menu opens (a card's, built from the latest state then). */
  items: MenuEntry[] | (() => MenuEntry[]);
  /** Non-interactive content under the items (e.g. the copyright line). */
  footnote?: ReactNode;
  /** Where the dropdown opens (≥ 992 px): below the button (default) or above it (controls at the bottom). */
  placement?: 'below' | 'above';
  /** A heading shown at the top of the panel. */
  title?: string;
  disabled?: boolean;
}

/**
 * A menu button (SPEC §2): a dropdown at ≥ 992 px and a bottom sheet with a Close footer below. Arrow keys,
 * Home and End move between items; Escape closes and returns focus to the button; it closes on navigation.
 *
 * A list shows one of these per card (50 a page), so the closed button is kept cheap: the router location, the
 * desktop media query and the panel are hooks of `OpenMenu`, mounted only while the menu is open (issue 18: a page
 * of cards renders in one long task on a phone).
 */
export function Menu({ label, buttonLabel = label, button, buttonClassName = 'icon-btn', items, footnote, placement = 'below', title, disabled }: MenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = usePortalSafeId('menu');
  const dialog = Array.isArray(items) && items.some((i) => i.kind === 'switch');

  const close = (restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  // SPEC §9 "Menu close delay 600 ms": a dropdown the mouse left closes 600 ms later, unless it comes back.
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stay = () => clearTimeout(leaving.current);
  useEffect(() => stay, [open]);
  const onPointerLeave = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!isDesktop() || e.pointerType !== 'mouse') return;
    stay();
    leaving.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };

  return (
    <div className="menu-wrap" onPointerEnter={open ? stay : undefined} onPointerLeave={open ? onPointerLeave : undefined}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-haspopup={dialog ? 'dialog' : 'menu'}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {button}
      </button>
      {open && <OpenMenu id={menuId} label={label} title={title} items={items} footnote={footnote} onClose={close} anchor={buttonRef} placement={placement} />}
    </div>
  );
}

/**
 * The open panel. It belongs to the path it opened at: navigating anywhere closes it (SPEC §2: menus close on path
 * change), and it shows nothing on the new path even before the close lands.
 */
function OpenMenu({ items, ...props }: Omit<PanelProps, 'items'> & { items: MenuProps['items']; anchor: RefObject<HTMLButtonElement | null>; placement: 'below' | 'above' }) {
  const { pathname } = useLocation();
  const [openedAt] = useState(pathname);
  const desktop = useIsDesktop();
  const moved = pathname !== openedAt;
  const closeRef = useLatest(props.onClose);
  useEffect(() => {
    if (moved) closeRef.current(false);
  }, [moved, closeRef]);
  if (moved) return null;
  const entries = typeof items === 'function' ? items() : items;
  return desktop ? <Dropdown {...props} items={entries} /> : <Sheet {...props} items={entries} />;
}

interface PanelProps {
  id: string;
  label: string;
  title?: string | undefined;
  items: MenuEntry[];
  footnote?: ReactNode;
  onClose: (restoreFocus?: boolean) => void;
}

/** Every entry one can move to (links, actions, choices, switches) carries this class. */
const menuItemSelector = '.menu-item';
const isDialog = (items: MenuEntry[]) => items.some((i) => i.kind === 'switch');

function MenuItems({ id, label, items, onClose }: PanelProps) {
  // A panel with switches is a dialog of controls: its entries are no menu items (components/Toggle).
  const dialog = isDialog(items);
  const none = dialog ? undefined : 'none';
  const menuitem = dialog ? undefined : 'menuitem';
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(menuItemSelector));
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = (at + 1) % list.length;
    else if (e.key === 'ArrowUp') next = (at - 1 + list.length) % list.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = list.length - 1;
    if (next !== null) {
      e.preventDefault();
      list[next]?.focus();
    }
  };
  return (
    <ul id={id} role={dialog ? undefined : 'menu'} aria-label={dialog ? undefined : label} className="menu-list" onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        if (item.kind === 'separator') return dialog ? <li key={i} aria-hidden="true" className="menu-sep" /> : <li key={i} role="separator" className="menu-sep" />;
        if (item.kind === 'switch')
          return (
            <li key={i}>
              <Toggle className="menu-item" checked={item.checked} onChange={item.onChange}>
                {item.label}
              </Toggle>
            </li>
          );
        if (item.kind === 'link')
          return (
            <li key={i} role={none}>
              <AppLink role={menuitem} to={item.to} className="menu-item" onClick={() => onClose(false)}>
                {item.icon && <Icon name={item.icon} size={20} />}
                {item.label}
              </AppLink>
            </li>
          );
        if (item.kind === 'external')
          return (
            <li key={i} role={none}>
              <a
                role={menuitem}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                className="menu-item"
                onClick={() => onClose()}
              >
                {item.label}
                <span className="sr-only">
                  {' '}
                  <Trans>(opens in a new tab)</Trans>
                </span>
                <Icon name="external" size={16} />
              </a>
            </li>
          );
        if (item.kind === 'radio') return <ChoiceItem key={i} item={item} onClose={onClose} />;
        if (item.kind === 'group')
          return (
            <li key={i} role="none" className="menu-group">
              {/* Seen, not read twice: the group carries the same words as its name. */}
              <div className="menu-group-label" aria-hidden="true">
                {item.label}
              </div>
              <ul role="group" aria-label={item.label} className="menu-list">
                {item.items.map((choice, j) => (
                  <ChoiceItem key={j} item={choice} onClose={onClose} />
                ))}
              </ul>
            </li>
          );
        return (
          <li key={i} role={none}>
            <button
              type="button"
              role={menuitem}
              className="menu-item"
              aria-disabled={item.disabled || undefined}
              onClick={() => {
                if (item.disabled) return;
                onClose();
                item.onSelect();
              }}
            >
              {item.icon && <Icon name={item.icon} size={20} />}
              {item.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A radio entry; the checked one is where a sheet puts focus first, as the dropdown does. */
function ChoiceItem({ item, onClose }: { item: MenuChoice; onClose: PanelProps['onClose'] }) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitemradio"
        aria-checked={item.checked}
        aria-disabled={item.disabled || undefined}
        className="menu-item menu-item--check"
        lang={item.lang}
        data-autofocus={item.checked || undefined}
        onClick={() => {
          if (item.disabled) return;
          onClose();
          item.onSelect();
        }}
      >
        <span className="menu-check" aria-hidden="true">
          {item.checked ? '✓' : ''}
        </span>
        {item.label}
      </button>
    </li>
  );
}

function Dropdown(props: PanelProps & { anchor: RefObject<HTMLButtonElement | null>; placement: 'below' | 'above' }) {
  const { onClose, anchor, footnote, placement, title, label, items } = props;
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useLatest(onClose);
  const dialog = isDialog(items);

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!ref.current?.contains(t) && !anchor.current?.contains(t)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [anchor, closeRef]);
  useKeptInView(ref, anchor, placement);
  // Focus is in the menu before it is first painted: moved after the paint (an effect), an Escape pressed as soon as
  // the menu showed went to its button, and the menu stayed open (seen in a browser test on a busy machine).
  useLayoutEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>(menuItemSelector);
    // Placed inside the viewport already (useKeptInView, above): focusing must not scroll the page under it.
    first?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={ref}
      className="dropdown"
      role={dialog ? 'dialog' : undefined}
      aria-label={dialog ? label : undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        } else if (e.key === 'Tab') {
          // A menu closes on Tab; a dialog of controls when Tab leaves it (past its last or before its first entry).
          const entries = ref.current!.querySelectorAll(menuItemSelector);
          if (!dialog || document.activeElement === entries[e.shiftKey ? 0 : entries.length - 1]) onClose(false);
        }
      }}
    >
      {title && <p className="menu-title">{title}</p>}
      <MenuItems {...props} />
      {footnote && <div className="menu-foot">{footnote}</div>}
    </div>
  );
}

/**
 * Places the open dropdown inside the viewport (menu-position.ts) and keeps it there while anything scrolls or
 * the window resizes: `fixed`, so a dialog's clipping (the player's) cannot cut it off.
 */
function useKeptInView(ref: RefObject<HTMLDivElement | null>, anchor: RefObject<HTMLButtonElement | null>, placement: 'below' | 'above') {
  useLayoutEffect(() => {
    const place = () => {
      const menu = ref.current;
      const button = anchor.current;
      if (!menu || !button) return;
      const at = placeDropdown(
        button.getBoundingClientRect(),
        { width: menu.offsetWidth, height: menu.scrollHeight },
        { width: document.documentElement.clientWidth, height: window.innerHeight },
        placement,
      );
      Object.assign(menu.style, { position: 'fixed', top: `${at.top}px`, left: `${at.left}px`, right: 'auto', bottom: 'auto', maxHeight: `${at.maxHeight}px` });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [ref, anchor, placement]);
}

function Sheet(props: PanelProps) {
  const { label, onClose, footnote, title } = props;
  return (
    <BottomSheet label={label} onClose={() => onClose(false)}>
      {title && <p className="menu-title">{title}</p>}
      <MenuItems {...props} />
      {footnote && <div className="menu-foot">{footnote}</div>}
    </BottomSheet>
  );
}
