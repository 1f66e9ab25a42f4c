import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingUpdate, startUpdateFlow, type PageHandle, type ServiceWorkerHandle } from './update-flow';

/** A worker registration that records what the flow asks of it and lets the test say when a new version waits. */
function fakeWorker() {
  const waiting: (() => void)[] = [];
  const worker = {
    updates: 0,
    skipWaitingMessages: 0,
    newVersionWaits: () => waiting.forEach((l) => l()),
    addEventListener: (_type: 'waiting', l: () => void) => void waiting.push(l),
    register: () => Promise.resolve(),
    update() {
      worker.updates++;
      // The second check fails (offline): the next one is still made.
      return worker.updates === 2 ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
    messageSkipWaiting() {
      worker.skipWaitingMessages++;
    },
  };
  return worker satisfies ServiceWorkerHandle;
}

function fakePage() {
  const controllerChange = new EventTarget();
  const page = {
    reloads: 0,
    controllerChanges: () => controllerChange.dispatchEvent(new Event('controllerchange')),
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    onControllerChange: (l: () => void) => controllerChange.addEventListener('controllerchange', l),
    reload() {
      page.reloads++;
    },
  };
  return page satisfies PageHandle;
}

describe('the service-worker update flow (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    pendingUpdate.set(null);
  });

  it('asks for a new version every 60000 ms, and keeps asking after a failed check', async () => {
    const worker = fakeWorker();
    await startUpdateFlow(worker, fakePage());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(worker.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.updates).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(worker.updates).toBe(3);
  });

  it('offers the update only once a new version waits', async () => {
    const worker = fakeWorker();
    await startUpdateFlow(worker, fakePage());
    expect(pendingUpdate.get()).toBeNull();
    worker.newVersionWaits();
    expect(pendingUpdate.get()).not.toBeNull();
  });

  it('refresh → skip waiting → one reload when the controller changes', async () => {
    const worker = fakeWorker();
    const page = fakePage();
    await startUpdateFlow(worker, page);
    worker.newVersionWaits();
    pendingUpdate.get()!.apply();
    expect(worker.skipWaitingMessages).toBe(1);
    expect(page.reloads).toBe(0);
    page.controllerChanges();
    page.controllerChanges();
    expect(page.reloads).toBe(1);
  });

  it('does not reload when the controller changes without the person asking (a first install takes control)', async () => {
    const page = fakePage();
    await startUpdateFlow(fakeWorker(), page);
    page.controllerChanges();
    expect(page.reloads).toBe(0);
  });
});
