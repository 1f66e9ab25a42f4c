import { describe, expect, it } from 'vitest';
import { placeDropdown } from './menu-position';

const view = { width: 1280, height: 800 };
const menu = { width: 260, height: 300 };

describe('placeDropdown', () => {
  it('opens below its button when the menu fits there, right-aligned to it', () => {
    expect(placeDropdown({ top: 100, bottom: 140, right: 1000 }, menu, view, 'below')).toEqual({ side: 'below', top: 146, left: 740, maxHeight: 646 });
  });

  it('flips above when the menu does not fit below but does above (the player ⋮ near the bottom)', () => {
    const place = placeDropdown({ top: 600, bottom: 640, right: 1000 }, menu, view, 'below');
    expect(place.side).toBe('above');
    expect(place.top).toBe(600 - 6 - 300);
  });

  it('flips below when "above" was asked for and there is no room', () => {
    expect(placeDropdown({ top: 50, bottom: 90, right: 1000 }, menu, view, 'above').side).toBe('below');
  });

  it('scrolls on the side with more room when it fits on neither', () => {
    const place = placeDropdown({ top: 300, bottom: 340, right: 1000 }, { width: 260, height: 700 }, view, 'below');
    expect(place).toEqual({ side: 'below', top: 346, left: 740, maxHeight: 446 });
    const up = placeDropdown({ top: 500, bottom: 540, right: 1000 }, { width: 260, height: 700 }, view, 'below');
    expect(up).toEqual({ side: 'above', top: 8, left: 740, maxHeight: 486 });
  });

  it('stays inside the viewport sideways', () => {
    expect(placeDropdown({ top: 100, bottom: 140, right: 120 }, menu, view, 'below').left).toBe(8);
    expect(placeDropdown({ top: 100, bottom: 140, right: 1400 }, menu, view, 'below').left).toBe(1280 - 260 - 8);
  });
});
