/**
 * What a Lighthouse run's trace says of the page's main thread after its first paint (decision 065): Lantern counts a
 * task's wall time (`dur`), and on a 2-core machine shared with the app, its database, Lighthouse and Chromium's other
 * processes (screenshots of every frame, the DevTools protocol), a task often holds the thread for two to ten times the
 * CPU time it used (`tdur`): a fetch's task used ~1 ms of CPU and lasted 12 ms, a batch of two cards 4 ms and 12 ms.
 * So beside Lighthouse's figure, the bench shows how much of the page's long tasks was its own CPU work, and what
 * Lantern's rule would make of that CPU time alone: the blocking a page's code would cause on a machine with nothing
 * else running. An estimate (Lantern also reorders tasks in its simulation), for telling the page from the machine.
 */

/** The fields of a Chromium trace event the benches read. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

export interface MainThreadAfterPaint {
  /** Wall time of the main thread's tasks of 10 ms or more after the first contentful paint. */
  wallMs: number;
  /** The CPU time those tasks used. */
  cpuMs: number;
  /**
   * Lantern's rule on CPU time: each task that used 10 ms or more, × the slowdown (half for a task that lays out),
   * what exceeds 50 ms.
   */
  blockingFromCpuMs: number;
}

/** Lantern leaves tasks under 10 ms (unthrottled) out of its simulation (decision 064). */
const SIGNIFICANT_US = 10_000;

export function mainThreadAfterPaint(traceEvents: readonly TraceEvent[], slowdown: number): MainThreadAfterPaint | null {
  const navigation = traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http')).at(-1);
  if (!navigation) return null;
  const { pid } = navigation;
  const thread = traceEvents.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const paint = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= navigation.ts);
  if (!thread || !paint) return null;
  const onThread = traceEvents.filter((e) => e.pid === pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onThread.filter((e) => e.name === 'RunTask' && e.ts >= paint.ts && e.dur !== undefined);
  const layouts = onThread.filter((e) => e.name === 'Layout');
  let wallMs = 0;
  let cpuMs = 0;
  let blockingFromCpuMs = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const cpu = task.tdur ?? task.dur!;
    if (task.dur! >= SIGNIFICANT_US) {
      wallMs += task.dur! / 1000;
      cpuMs += cpu / 1000;
    }
    // On a quiet machine a task lasts about its CPU time: the tasks that would then be significant.
    if (cpu >= SIGNIFICANT_US) {
      const laysOut = layouts.some((l) => l.ts >= task.ts && l.ts < end);
      blockingFromCpuMs += Math.max(0, (cpu / 1000) * slowdown * (laysOut ? 0.5 : 1) - 50);
    }
  }
  return { wallMs, cpuMs, blockingFromCpuMs };
}
