import { describe, expect, it } from 'vitest';
import { mainThreadAfterPaint } from './main-thread.js';

/** A Lighthouse trace in miniature: the page's renderer, its main thread, the first paint at 100 ms. */
const PID = 7;
const MAIN = 1;
const ms = (n: number) => n * 1000;
const base = [
  { name: 'navigationStart', ph: 'R', pid: PID, tid: MAIN, ts: 0, args: { data: { documentLoaderURL: 'http://127.0.0.1/sifts/x' } } },
  { name: 'thread_name', ph: 'M', pid: PID, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PID, tid: 2, ts: 0, args: { name: 'Compositor' } },
  { name: 'firstContentfulPaint', ph: 'R', pid: PID, tid: MAIN, ts: ms(100) },
];
const task = (at: number, wall: number, cpu: number, tid = MAIN) => ({ name: 'RunTask', ph: 'X', pid: PID, tid, ts: ms(at), dur: ms(wall), tdur: ms(cpu) });

describe("a Lighthouse trace's main thread after the first paint", () => {
  it("sums the wall and CPU time of its tasks of 10 ms or more, and applies Lantern's rule to the CPU time alone", () => {
    const trace = [
      ...base,
      task(50, 40, 40), // before the first paint: not counted
      task(120, 12, 1), // a request's task that waited for a core: 12 ms of wall, 1 of CPU
      task(150, 30, 20), // 20 ms of CPU × 6 = 120: 70 over 50
      task(200, 30, 20), // the same with a layout: × 3 = 60: 10 over 50
      { name: 'Layout', ph: 'X', pid: PID, tid: MAIN, ts: ms(210), dur: ms(5) },
      task(250, 8, 8), // under 10 ms: left out, as Lantern does
      task(260, 50, 50, 2), // another thread
    ];
    const result = mainThreadAfterPaint(trace, 6)!;
    expect(result.wallMs).toBeCloseTo(72);
    expect(result.cpuMs).toBeCloseTo(41);
    expect(result.blockingFromCpuMs).toBeCloseTo(80);
  });

  it("says nothing of a trace without the page's navigation or first paint", () => {
    expect(mainThreadAfterPaint(base.filter((e) => e.name !== 'firstContentfulPaint'), 6)).toBeNull();
    expect(mainThreadAfterPaint(base.filter((e) => e.name !== 'navigationStart'), 6)).toBeNull();
  });
});
