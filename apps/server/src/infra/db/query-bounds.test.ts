import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseBusyError, Lane } from './query-bounds.js';

/** A task that runs until the test finishes it. */
function heldTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish,
  };
}

describe('Lane (the heavy reads’ places)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at most `size` tasks at once and hands a freed place to the longest waiter', async () => {
    const lane = new Lane(2, 1_000);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => heldTask(log, n));
    const runs = [a, b, c, d].map((t) => lane.run(t!.task));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'start b']);
    b!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a!.finish();
    c!.finish();
    await vi.advanceTimersByTimeAsync(0);
    d!.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a waiter past its wait with DatabaseBusyError, and the place it gave up goes to the next', async () => {
    const lane = new Lane(1, 100);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => heldTask(log, n));
    const first = lane.run(a!.task);
    const refused = lane.run(b!.task);
    const refusal = expect(refused).rejects.toBeInstanceOf(DatabaseBusyError);
    await vi.advanceTimersByTimeAsync(100);
    await refusal;
    const third = lane.run(c!.task);
    a!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'start c']);
    c!.finish();
    await expect(Promise.all([first, third])).resolves.toEqual(['a', 'c']);
  });

  it('frees the place of a task that fails', async () => {
    const lane = new Lane(1, 100);
    await expect(lane.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(lane.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
