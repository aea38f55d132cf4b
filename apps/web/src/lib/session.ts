import type { User } from '@liftoff/contracts/auth';

/**
 * The slice of session state that shared code may read. It is typed structurally on the contract so that
 * shared code and other features read the signed-in user without importing the auth feature.
 */
export type SessionState = { auth: { token: string | null; refreshToken: string | null; user: User | null } };

export const selectSessionUser = (state: SessionState): User | null => state.auth.user;
export const selectAccessToken = (state: SessionState): string | null => state.auth.token;
export const selectRefreshToken = (state: SessionState): string | null => state.auth.refreshToken;

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
