import { PLACEHOLDER_CREATED_AT, type UserData } from '@sift/contracts';
import { asLocale } from '../../infra/i18n/locale.js';
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
    locale: asLocale(row.locale),
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
    locale: null,
  };
}
