import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { usePreference } from '../../../lib/hooks';
import { preferences } from '../../../lib/storage';

/** GET /api/users (SPEC §7). Accounts arrive in a later issue; the shape here is what the spec lists. */
export interface UserInfo {
  firstName: string;
  lastName: string;
  email: string;
  picture: string | null;
  createdAt: string;
  uuid: string;
  origin: string | null;
  plan: 'FREE' | 'PREMIUM';
  onboarded: boolean;
  watchLater: { id: number } | null;
}

export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
};

export interface Session {
  token: string | null;
  user: UserInfo | undefined;
  /** SPEC §3 userIsLoggedIn: a token and the user data it unlocks. */
  isLoggedIn: boolean;
  firstName: string;
  plan: 'FREE' | 'PREMIUM';
}

/**
 * The current session. Visitors (no stored token) never call GET /api/users — it would only answer 401.
 */
export function useSession(): Session {
  const [token] = usePreference('token');
  const { data: user } = useQuery({
    queryKey: accountKeys.user(),
    queryFn: ({ signal }) => api.get<UserInfo>('/api/users', { signal }),
    enabled: !!token,
    staleTime: 30_000,
  });
  const isLoggedIn = !!token && !!user;
  return { token, user: token ? user : undefined, isLoggedIn, firstName: user?.firstName ?? '', plan: user?.plan ?? 'FREE' };
}

/** Clears everything a session stored locally (SPEC §4 Logout: user data, tokens, playlist, session id). */
export function clearLocalSession() {
  preferences.remove('token');
  preferences.remove('playlist');
  preferences.remove('session_id');
}

export function useLogout() {
  const qc = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post('/api/logout');
    } catch {
      // SPEC §8: a failed logout call still clears local data.
    }
    clearLocalSession();
    qc.removeQueries({ queryKey: accountKeys.all });
  }, [qc]);
}
