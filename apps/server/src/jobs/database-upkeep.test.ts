import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../infra/db/client.js';
import type { JobHandler, JobQueue } from '../infra/jobs/job-queue.js';
import { scheduleDatabaseUpkeep } from './database-upkeep.js';

vi.mock('../infra/db/upkeep.js', () => ({ vacuumWhereDue: vi.fn(async () => ['channels', 'search_lexemes', 'videos']) }));

/** A logger that keeps each line with its level. */
function recordingLog() {
  const lines: Array<[string, string]> = [];
  const at = (level: string) => (msg: string) => void lines.push([level, msg]);
  const log = { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe('database upkeep', () => {
  // Issue 31: a 600-character "Vacuumed and analyzed …" line at start and every 5 minutes on a newcomer's terminal.
  it('says what it vacuumed at debug level, not among the start-up lines', async () => {
    const handlers = new Map<string, JobHandler<unknown>>();
    const jobs = { work: async (name: string, handler: JobHandler<unknown>) => void handlers.set(name, handler), every: vi.fn(async () => {}) };
    const { lines, log } = recordingLog();
    await scheduleDatabaseUpkeep(jobs as unknown as JobQueue, { kind: 'pglite', db: {} } as unknown as DatabaseHandle, log);
    expect(jobs.every).toHaveBeenCalledWith('database-upkeep', 5);
    expect(lines).toEqual([['debug', expect.stringMatching(/^Vacuumed and analyzed channels, search_lexemes, videos in \d+ ms$/)]]);
  });
});
