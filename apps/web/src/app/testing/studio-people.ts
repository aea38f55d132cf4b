import type { User } from '@liftoff/contracts/auth';

/** A JSON response as the API sends it, for the fetch a studio page test hands to the app. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A manager with two-factor on: who may open the studio's team pages. */
export const manager: User = {
  id: 'u1',
  email: 'morgan@example.com',
  firstName: 'Morgan',
  lastName: 'Manager',
  verified: true,
  twoFactorEnabled: true,
  twoFactorMethod: 'TOTP',
  profileCompleted: true,
  profileImageUrl: null,
  tutorialCompleted: false,
  meta: {},
  roles: ['manager'],
  createdAt: '2026-11-01T00:00:00.000Z',
};
