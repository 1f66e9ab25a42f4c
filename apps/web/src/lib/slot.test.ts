import { afterEach, describe, expect, it } from 'vitest';
import { createSlot } from './slot';

describe('createSlot: the one open popup', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('closes on a path change only what was opened on another path', () => {
    const slot = createSlot<string>();
    window.history.replaceState(null, '', '/channel/a');
    slot.set('picker');
    slot.closeUnlessOn('/channel/a'); // the router catching up with the page it opened on
    expect(slot.get()).toBe('picker');
    slot.closeUnlessOn('/');
    expect(slot.get()).toBeNull();
    slot.closeUnlessOn('/elsewhere');
    expect(slot.get()).toBeNull();
  });
});
