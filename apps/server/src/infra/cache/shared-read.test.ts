import { describe, expect, it } from 'vitest';
import { SharedRead } from './shared-read.js';

/** A read whose answers the test releases one at a time; `value` is what the database holds when a read begins. */
function controlledReads() {
  let value = 0;
  const pending: Array<() => void> = [];
  const begun: number[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve) => {
      const seen = value;
      begun.push(seen);
      pending.push(() => resolve(`${key}@${seen}`));
    });
  return {
    shared: new SharedRead(read),
    commit: () => void value++,
    finishOldest: async () => {
      pending.shift()!();
      // Let the promise chain (the next read starting) run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    begun,
  };
}

describe('SharedRead', () => {
  it('gives a caller that comes during a read the next read, which sees what was committed before it came', async () => {
    const reads = controlledReads();
    const first = reads.shared.get('stamp');
    reads.commit(); // a change committed after the first read began, before the next callers come
    const second = reads.shared.get('stamp');
    const third = reads.shared.get('stamp');
    expect(reads.begun).toEqual([0]);
    await reads.finishOldest();
    expect(await first).toBe('stamp@0');
    // One more read for both later callers, begun after the change.
    expect(reads.begun).toEqual([0, 1]);
    await reads.finishOldest();
    expect(await second).toBe('stamp@1');
    expect(await third).toBe('stamp@1');
  });

  it('reads once per caller when callers do not overlap, and keeps keys apart', async () => {
    const reads = controlledReads();
    const a = reads.shared.get('a');
    const b = reads.shared.get('b');
    expect(reads.begun).toEqual([0, 0]);
    await reads.finishOldest();
    await reads.finishOldest();
    expect([await a, await b]).toEqual(['a@0', 'b@0']);
    reads.commit();
    const again = reads.shared.get('a');
    await reads.finishOldest();
    expect(await again).toBe('a@1');
    expect(reads.begun).toEqual([0, 0, 1]);
  });

  it('passes a failed read to the callers of that read only; the next read still happens', async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => undefined;
    const shared = new SharedRead(() => {
      calls++;
      return calls === 1 ? new Promise<number>((_, reject) => (fail = reject)) : Promise.resolve(calls);
    });
    const first = shared.get('k');
    const second = shared.get('k');
    fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe(2);
  });
});
