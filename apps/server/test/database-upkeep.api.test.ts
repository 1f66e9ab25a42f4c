import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/infra/db/client.js';
import { vacuumWhereDue } from '../src/infra/db/upkeep.js';
import { seedDemoCatalog } from '../src/jobs/seed-demo-catalog.js';
import { SEEDING_TIMEOUT_MS, useTestApp } from './support/test-app.js';

const t = useTestApp();

/** The plan PostgreSQL (or PGlite) picks for a search's first video statement: a word within the newest month. */
async function planOfVideoSearch(): Promise<string> {
  const [newest] = rowsOf<{ month: string }>(await t.database.db.execute(sql`SELECT to_char(max(published_at), 'YYYYMM') AS month FROM videos`));
  const query = `'cooking' & '~${newest!.month}'`;
  const plan = rowsOf<Record<string, string>>(await t.database.db.execute(sql`EXPLAIN SELECT id FROM videos WHERE search_vector @@ ${query}::tsquery LIMIT 500`));
  return plan.map((row) => Object.values(row)[0]).join('\n');
}

describe('database upkeep (what autovacuum does, and PGlite lacks)', () => {
  it('analyzes a freshly seeded catalog so searches read the text index instead of every video', async () => {
    await seedDemoCatalog(t.services);
    // Before: never analyzed, every vector still in the GIN pending list — the planner reads all of `videos`. (On
    // PostgreSQL autovacuum may get there first, a minute or so after the seed; PGlite has none.)
    if (t.database.kind === 'pglite') expect(await planOfVideoSearch()).toMatch(/Seq Scan on videos/);

    const vacuumed = await vacuumWhereDue(t.database.db);
    expect(vacuumed).toEqual(expect.arrayContaining(['videos', 'channels', 'search_lexemes']));
    expect(await planOfVideoSearch()).toMatch(/Bitmap Index Scan on videos_search_idx/);

    // Nothing changed since: nothing is due, and a look costs one read.
    expect(await vacuumWhereDue(t.database.db)).not.toContain('videos');
  }, SEEDING_TIMEOUT_MS);
});
