import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ImportStarted, MemberImport } from '@sift/contracts';
import { trackOnSuccess } from '../../../lib/analytics';
import { api } from '../../../lib/api';
import { pollTracker } from '../polling';

/** A large file on a slow line takes longer than a page of JSON. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const importKeys = {
  all: ['imports'] as const,
  one: (id: number) => [...importKeys.all, id] as const,
};

export function startImport(file: File): Promise<ImportStarted> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportStarted>('/api/me/imports', form, { timeoutMs: UPLOAD_TIMEOUT_MS, quiet: true }).then(trackOnSuccess('eca_import', { source: 'file' }));
}

/**
 * An import's progress, polled until it is CREATED or FAILED: every 600 ms while the status is unchanged, 1000 ms
 * after it changed (SPEC §4's import polling).
 */
export function useImportStatus(id: number | null) {
  const tracker = useRef(pollTracker());
  return useQuery({
    queryKey: importKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: () => api.get<MemberImport>(`/api/me/imports/${id}`),
    refetchInterval: (query) => tracker.current.delay(query.state.data?.status, query.state.dataUpdatedAt),
  });
}
