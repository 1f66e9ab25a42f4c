import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../infra/db/client.js';
import { asBackgroundWork } from '../infra/db/query-bounds.js';
import { vacuumWhereDue } from '../infra/db/upkeep.js';
import type { JobQueue } from '../infra/jobs/job-queue.js';

const UPKEEP_JOB = 'database-upkeep';
/** PGlite has no autovacuum: this process looks every few minutes (a look that finds nothing due costs one read). */
const PGLITE_UPKEEP_MINUTES = 5;

/**
 * Vacuums and analyzes the tables that changed (infra/db/upkeep.ts) once at start — a just-seeded catalog — and, on
 * PGlite, every few minutes after. On PostgreSQL autovacuum takes over from there.
 */
export async function scheduleDatabaseUpkeep(jobs: JobQueue, database: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  const upkeep = async () => {
    const started = Date.now();
    const tables = await vacuumWhereDue(database.db);
    // At debug level (issue 31): the list of every table, at start and every 5 minutes, read like news to nobody.
    if (tables.length > 0) log.debug(`Vacuumed and analyzed ${tables.join(', ')} in ${Date.now() - started} ms`);
  };
  // VACUUM of a large table takes longer than a request may: background work (no statement timeout).
  await asBackgroundWork(upkeep);
  if (database.kind !== 'pglite') return;
  await jobs.work(UPKEEP_JOB, upkeep);
  await jobs.every(UPKEEP_JOB, PGLITE_UPKEEP_MINUTES);
}
