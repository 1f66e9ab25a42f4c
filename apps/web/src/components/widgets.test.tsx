import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, type MenuEntry } from './Menu';
import { NotificationProvider, useNotify } from './Notifications';
import { SearchField } from './SearchField';
import { Toggle } from './Toggle';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchField', () => {
  it('has the "Search..." placeholder and submits trimmed text on Enter', () => {
    const onSubmit = vi.fn();
    render(<SearchField value="" onSubmit={onSubmit} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search...');
    fireEvent.change(box, { target: { value: '  cats  ' } });
    fireEvent.submit(box.closest('form')!);
    expect(onSubmit).toHaveBeenCalledWith('cats');
  });

  it('does not submit empty text', () => {
    const onSubmit = vi.fn();
    render(<SearchField value="" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the clear button only while there is text', () => {
    render(<SearchField value="" onSubmit={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('follows the value from the URL', () => {
    const { rerender } = render(<SearchField value="a" onSubmit={() => {}} />);
    rerender(<SearchField value="b" onSubmit={() => {}} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('b');
  });
});

describe('notifications', () => {
  function Trigger() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify('Link copied to clipboard')}>
        Copy
      </button>
    );
  }

  it('shows a toast for 1500 ms', () => {
    vi.useFakeTimers();
    render(
      <NotificationProvider>
        <Trigger />
      </NotificationProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status').textContent).toBe('Link copied to clipboard');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Link copied to clipboard');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('Toggle (SPEC §2 on/off toggle)', () => {
  function Setting() {
    const [on, setOn] = useState(false);
    return (
      <Toggle checked={on} onChange={setOn}>
        Autoplay
      </Toggle>
    );
  }

  it('is a switch named by its label, which a click turns on and off', () => {
    render(<Setting />);
    const toggle = screen.getByRole('switch', { name: 'Autoplay' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // A button: Space and Enter press it like a click, and it takes the focus ring of every control.
    expect(toggle.tagName).toBe('BUTTON');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});

describe('a menu with switches (the player settings)', () => {
  // jsdom has no matchMedia: a desktop's dropdown.
  window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;

  function Settings({ onHelp }: { onHelp: () => void }) {
    const [autoplay, setAutoplay] = useState(true);
    const items: MenuEntry[] = [
      { kind: 'switch', label: 'Autoplay next video', checked: autoplay, onChange: setAutoplay },
      { kind: 'separator' },
      { kind: 'action', label: 'Keyboard shortcuts', onSelect: onHelp },
    ];
    return <Menu label="Settings" button="⚙" items={items} />;
  }

  it('opens a dialog of controls that stays open while a switch changes, and closes on Escape', () => {
    const onHelp = vi.fn();
    render(
      <MemoryRouter>
        <Settings onHelp={onHelp} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Settings' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Settings' });
    // No menu: a switch cannot be a menu's item.
    expect(screen.queryByRole('menu')).toBeNull();
    const autoplay = within(panel).getByRole('switch', { name: 'Autoplay next video' });
    expect(document.activeElement).toBe(autoplay);
    fireEvent.click(autoplay);
    expect(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('switch', { name: 'Autoplay next video' }).getAttribute('aria-checked')).toBe('false');
    // The arrow keys move between the entries, as in a menu.
    fireEvent.keyDown(autoplay, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Keyboard shortcuts' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
