import type { ResolvedAddress } from '@sift/contracts';
import { api } from '../../../lib/api';

/**
 * GET /api/public/v01/resolve?q=: what a pasted address, handle or id names (a video, a channel or none). The
 * server knows the video service's addresses; 404 when it names something the service does not know, 503 when
 * the service cannot be asked. Quiet: a failure raises no error banner, the header search goes on to the search page.
 */
export const resolveAddress = (q: string, signal?: AbortSignal) =>
  api.get<ResolvedAddress>('/api/public/v01/resolve', { query: { q }, signal, quiet: true });
