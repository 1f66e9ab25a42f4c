import { PLACEHOLDER_CREATED_AT, type UserData } from '@sift/contracts';
import type { UserRow } from './users.repository.js';

/** A member's page/user data (SPEC §3). */
export function presentUser(row: UserRow, watchLaterId: number | undefined): UserData {
  return {
    userIsLoggedIn: true,
    uuid: row.uuid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    picture: row.picture,
    createdAt: row.createdAt.toISOString(),
    origin: row.origin,
    plan: row.plan,
    isPremium: row.plan === 'PREMIUM',
    onboarded: row.onboarded,
    watchLater: watchLaterId === undefined ? null : { id: watchLaterId },
  };
}

/** What a visitor's GET /api/users answers (docs/decisions/003-visitor-user-data.md). */
export function visitorUserData(): UserData {
  return {
    userIsLoggedIn: false,
    uuid: null,
    firstName: '',
    lastName: '',
    email: '',
    picture: null,
    createdAt: PLACEHOLDER_CREATED_AT,
    origin: null,
    plan: 'FREE',
    isPremium: false,
    onboarded: false,
    watchLater: null,
  };
}
