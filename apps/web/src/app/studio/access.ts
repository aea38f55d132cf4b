import type { Role } from '@liftoff/contracts/auth';

/** The program team: the people the studio is for. A session persisted before roles existed has none. */
export const isProgramTeam = (roles: readonly Role[] | undefined) =>
  Boolean(roles?.some((role) => role === 'manager' || role === 'admin'));

/** Whether a person holding `roles` may open a studio page open to `allowed`. */
export const mayOpen = (roles: readonly Role[] | undefined, allowed: readonly Role[]) =>
  Boolean(roles?.some((role) => allowed.includes(role)));

/**
 * What the studio shows a person: its pages; a screen asking to turn two-factor on (the API refuses the
 * program team's calls without it); or not-found, for everyone else (founders, experts).
 */
export type StudioAccess = 'open' | 'needs-two-factor' | 'not-found';

export function studioAccess(
  user: { roles?: Role[]; twoFactorEnabled: boolean } | null | undefined,
): StudioAccess {
  if (!user || !isProgramTeam(user.roles)) return 'not-found';
  return user.twoFactorEnabled ? 'open' : 'needs-two-factor';
}
