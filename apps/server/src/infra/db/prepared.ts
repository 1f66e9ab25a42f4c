import type { Database } from './client.js';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement of the hottest reads (a session's member, the freshness stamps of kept pages), built once per
 * database handle and prepared on the server under `name`: drizzle skips building the SQL per call and PostgreSQL
 * skips parsing and planning it (about half of such a read's CPU time, measured with process.cpuUsage()). The same
 * name must always build the same statement; values vary through `sql.placeholder()`.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database) => { prepare(name: string): T }): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(db).prepare(name)));
  return statement;
}
