import fs from 'node:fs';
import path from 'node:path';

/**
 * The measured figures of the cluster tier (requests during a kill, errors, writes acknowledged and found), printed and
 * kept in test-results/cluster-figures.json for bench/RESULTS.md and the notes.
 */
const FILE = path.resolve('test-results/cluster-figures.json');

export function recordFigures(name: string, figures: Record<string, unknown>): void {
  console.log(`[cluster figures] ${name}: ${JSON.stringify(figures)}`);
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // first figures of the run
  }
  all[name] = { ...figures, at: new Date().toISOString() };
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}

export interface Timed {
  start: number;
  end: number;
  ok: boolean;
  status?: number;
  error?: string;
}

/**
 * Splits requests by a kill: done before the signal was sent (`killAt`), in flight while the process died, started
 * once it was gone (`goneAt`, when its port refused connections: SIGKILL is not instantaneous, and until the kernel
 * has torn the process down its listening socket still completes TCP handshakes; what reached it is cut then).
 */
export function aroundKill<T extends Timed>(requests: T[], killAt: number, goneAt = killAt) {
  return {
    before: requests.filter((r) => r.end < killAt),
    inFlight: requests.filter((r) => r.start < goneAt && r.end >= killAt),
    after: requests.filter((r) => r.start >= goneAt),
  };
}

/** How requests failed: status codes and error messages, counted. */
export function failures(requests: Timed[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests.filter((q) => !q.ok)) {
    const key = r.status !== undefined ? `HTTP ${r.status}` : (r.error ?? 'error');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}
