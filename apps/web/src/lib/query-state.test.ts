import { expect, it } from 'vitest';
import { hasSettled } from './query-state';

it('counts a read as settled once answered or failed, or while it waits for the network, not while it is under way', () => {
  expect(hasSettled({ isPending: true, isPaused: false })).toBe(false);
  expect(hasSettled({ isPending: true, isPaused: true })).toBe(true);
  expect(hasSettled({ isPending: false, isPaused: false })).toBe(true);
});
