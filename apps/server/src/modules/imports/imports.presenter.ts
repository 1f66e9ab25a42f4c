import type { ImportCounts, ImportFormatName, ImportSkipped, MemberImport } from '@sift/contracts';
import type { MemberImportState } from './imports.repository.js';

export function presentImport(row: MemberImportState): MemberImport {
  return {
    id: row.id,
    format: row.format as ImportFormatName,
    status: row.status,
    progress: row.progress,
    // Rows written before watch history was imported have no `history` count.
    counts: { history: 0, ...(row.counts as Partial<ImportCounts>) } as ImportCounts,
    skipped: row.skipped as ImportSkipped[],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
