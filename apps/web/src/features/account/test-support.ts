/** A logged-in member as GET /api/users answers (UserData): the account tests' member. */
export const MEMBER = {
  userIsLoggedIn: true,
  uuid: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  picture: null,
  createdAt: '2025-01-01T00:00:00Z',
  origin: 'email',
  plan: 'FREE',
  isPremium: false,
  onboarded: true,
  watchLater: { id: 1 },
};
