import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@sift/contracts';
import { api, isApiError } from '../../../lib/api';

export const profileKeys = {
  all: ['profile'] as const,
  user: (uuid: string) => [...profileKeys.all, 'user', uuid] as const,
};

/** GET /api/public/v01/users/{uuid}: a person's public name. A missing person is not an app error, just a page. */
export function usePublicUser(uuid: string) {
  return useQuery({
    queryKey: profileKeys.user(uuid),
    queryFn: ({ signal }) => api.get<PublicUser>(`/api/public/v01/users/${encodeURIComponent(uuid)}`, { signal, quiet: true }),
    enabled: !!uuid,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
}
