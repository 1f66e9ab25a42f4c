import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShowTipsAgain } from '../lib/hints';
import { preferences } from '../lib/storage';
import { FirstRunHint } from './FirstRunHint';

/** SPEC §3 `toolTips` and `recheck_tooltips` (decision 049): a first-run tip per place, once, and again on request. */
beforeEach(() => {
  preferences.remove('toolTips');
  preferences.remove('recheck_tooltips');
});
afterEach(cleanup);

function Place({ place }: { place: 'player' | 'sift-editor' }) {
  return (
    <div>
      <FirstRunHint place={place} focusAfter={(hint) => hint.parentElement?.querySelector('input')}>
        Settings are here.
      </FirstRunHint>
      <input aria-label="Name" />
    </div>
  );
}

describe('first-run tips', () => {
  it('shows a place its tip until "Got it", which leaves the focus near it, and not again there', () => {
    const { unmount } = render(<Place place="player" />);
    const tip = screen.getByRole('note');
    expect(tip.textContent).toContain('Tip: Settings are here.');
    const gotIt = screen.getByRole('button', { name: 'Got it' });
    gotIt.focus();
    fireEvent.click(gotIt);
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    unmount();

    render(<Place place="player" />);
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    // Another place has its own tip.
    render(<Place place="sift-editor" />);
    expect(screen.getByRole('note')).toBeTruthy();
  });

  it('"Show tips again" is offered once a tip was put away, and brings every tip back', () => {
    const again = renderHook(() => useShowTipsAgain());
    expect(again.result.current).toBeNull();
    render(<Place place="player" />);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(again.result.current).toBeTypeOf('function');

    act(() => again.result.current!());
    expect(screen.getByRole('note')).toBeTruthy();
    expect(again.result.current).toBeNull();
    // Put away again, it stays away until the next "Show tips again".
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(preferences.get('toolTips')).toEqual({ player: 1 });
    expect(preferences.get('recheck_tooltips')).toBe(1);
  });
});
