import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client.js';

/**
 * The planner's statistics and the GIN indexes' pending lists, kept fresh (decision 019).
 *
 * PostgreSQL's autovacuum does this in the background, but only about a minute after a table fills; PGlite runs
 * PostgreSQL in single-user mode and has no autovacuum at all. Without it a freshly seeded catalog is never
 * analyzed (the planner guesses its sizes) and every search vector waits in the GIN index's unsorted pending list,
 * so the planner rightly prefers reading all of `videos` to the index: a search's video statement took 25 ms
 * instead of 0.25 ms on the demo catalog (measured with EXPLAIN ANALYZE, on PostgreSQL 15 and PGlite alike).
 *
 * A table is due on the thresholds autovacuum uses by default: never analyzed, or changed rows past 50 + 10% of
 * its rows (ANALYZE), or inserted or dead rows past 1,000 + 20% / 50 + 20% (VACUUM, which also empties the GIN
 * pending list into the index proper).
 */
export async function vacuumWhereDue(db: Database): Promise<string[]> {
  const due = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT quote_ident(s.relname) AS name
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'
        AND (c.reltuples < 0
          OR s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
          OR s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
          OR s.n_dead_tup > 50 + 0.2 * s.n_live_tup)
      ORDER BY s.relname`),
  ).map((row) => row.name);
  // VACUUM takes no parameters and no transaction; the names come quoted from quote_ident().
  if (due.length > 0) await db.execute(sql.raw(`VACUUM (ANALYZE) ${due.join(', ')}`));
  return due;
}
