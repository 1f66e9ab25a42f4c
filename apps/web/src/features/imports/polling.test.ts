import { describe, expect, it } from 'vitest';
import { IMPORT_POLL_CHANGED_MS, IMPORT_POLL_UNCHANGED_MS } from '../../lib/config';
import { importPollDelay, isImportFinished, pollTracker } from './polling';

describe('import polling (SPEC §4)', () => {
  it('waits 600 ms while the status is unchanged and 1000 ms after it changed', () => {
    expect(IMPORT_POLL_UNCHANGED_MS).toBe(600);
    expect(IMPORT_POLL_CHANGED_MS).toBe(1000);
    expect(importPollDelay('PENDING', 'PENDING')).toBe(600);
    expect(importPollDelay('PROCESSING', 'PROCESSING')).toBe(600);
    expect(importPollDelay('PENDING', 'PROCESSING')).toBe(1000);
    expect(importPollDelay(undefined, 'PENDING')).toBe(1000);
  });

  it('stops at CREATED or FAILED', () => {
    expect(importPollDelay('PROCESSING', 'CREATED')).toBe(false);
    expect(importPollDelay('FAILED', 'FAILED')).toBe(false);
    expect(isImportFinished('CREATED')).toBe(true);
    expect(isImportFinished('FAILED')).toBe(true);
    expect(isImportFinished('PROCESSING')).toBe(false);
    expect(isImportFinished(undefined)).toBe(false);
  });

  it('follows the answers one by one, however often it is asked about the same one', () => {
    const tracker = pollTracker('PENDING');
    // Before the first answer: unchanged since the start.
    expect(tracker.delay(undefined, 0)).toBe(600);
    expect(tracker.delay('PENDING', 1)).toBe(600);
    expect(tracker.delay('PROCESSING', 2)).toBe(1000);
    // Asked again about the same answer: still "changed".
    expect(tracker.delay('PROCESSING', 2)).toBe(1000);
    expect(tracker.delay('PROCESSING', 3)).toBe(600);
    expect(tracker.delay('CREATED', 4)).toBe(false);
  });

  it('counts the first answer as a change when nothing was known before it', () => {
    const tracker = pollTracker();
    expect(tracker.delay(undefined, 0)).toBe(600);
    expect(tracker.delay('PENDING', 10)).toBe(1000);
    expect(tracker.delay('PENDING', 20)).toBe(600);
  });
});
