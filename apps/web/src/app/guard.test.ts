import { describe, expect, it } from 'vitest';
import { decideRoute } from './guard';
import type { GuardInput, RouteKind } from './guard';

const routes: RouteKind[] = [
  'signIn',
  'signUp',
  'forgotPassword',
  'resetPassword',
  'preview',
  'confirmEmail',
  'verifyEmail',
  'twoFactor',
  'onboarding',
  'protected',
  'aiWorkspace',
  'workplace',
  'account',
];

/** A founder only; an expert; the program team (whose surface is the studio, whatever else they are). */
const workplaces = [null, '/expert', '/studio'] as const;

const flags = [
  'hasToken',
  'accessExpired',
  'refreshExpired',
  'verified',
  'twoFactorEnabled',
  'twoFactorAuthenticated',
  'profileCompleted',
  'tutorialCompleted',
  'workspaceAiEnabled',
  'hasResetToken',
] as const;

/** Every combination of the boolean inputs and of workplaces, for every kind of route. */
function* allCases(): Generator<GuardInput> {
  for (const route of routes) {
    for (const workplace of workplaces) {
      for (let mask = 0; mask < 1 << flags.length; mask += 1) {
        const input = { route, workplace } as GuardInput;
        flags.forEach((flag, bit) => {
          input[flag] = Boolean(mask & (1 << bit));
        });
        yield input;
      }
    }
  }
}

/**
 * The rules of spec sections 2 and 4, written independently of the implementation: the outcome is
 * 'allow', 'redirect:<path>' or 'reset:<path>'.
 */
function expectedOutcome(c: GuardInput): string {
  const sessionUsable = c.hasToken && !(c.accessExpired && c.refreshExpired);
  const twoFactorSatisfied = !c.twoFactorEnabled || c.twoFactorAuthenticated;
  // Experts and the program team are never sent through the founders' onboarding (decision 040): until
  // they choose it, their workplace is their home, and the founders' screens lead there.
  const staffOnly = c.workplace !== null && !c.profileCompleted;
  const home = staffOnly ? c.workplace : '/overview';
  const authenticated =
    sessionUsable && c.verified && twoFactorSatisfied && (c.profileCompleted || c.workplace !== null);

  // Public routes
  if (c.route === 'preview' || c.route === 'confirmEmail') return 'allow';
  if (c.route === 'signIn' || c.route === 'signUp' || c.route === 'forgotPassword') {
    return authenticated ? `redirect:${home}` : 'allow';
  }
  if (c.route === 'resetPassword') {
    if (authenticated) return `redirect:${home}`;
    return c.hasResetToken ? 'allow' : 'redirect:/sign-in';
  }

  // Protected routes: the first unmet requirement decides, in the order of the specification.
  const stepOf: Partial<Record<RouteKind, string>> = {
    verifyEmail: '/verify-email',
    twoFactor: '/two-factor',
    onboarding: '/onboarding',
  };
  const requirements: Array<[met: boolean, outcome: string]> = [
    [c.hasToken, 'redirect:/sign-in'],
    [!(c.accessExpired && c.refreshExpired), 'reset:/sign-in'],
    [c.verified, 'redirect:/verify-email'],
    [twoFactorSatisfied, 'redirect:/two-factor'],
    [c.profileCompleted || c.workplace !== null, 'redirect:/onboarding'],
  ];
  for (const [met, outcome] of requirements) {
    if (met) continue;
    // A user sent to a step may stay on that step.
    return stepOf[c.route] && outcome === `redirect:${stepOf[c.route]}` ? 'allow' : outcome;
  }
  if (staffOnly) {
    // Their own surfaces and account pages open; onboarding stays open to take up founder use.
    if (c.route === 'workplace' || c.route === 'account' || c.route === 'onboarding') return 'allow';
    return `redirect:${c.workplace}`;
  }
  if (stepOf[c.route]) return c.tutorialCompleted ? 'redirect:/overview' : 'redirect:/tutorial';
  if (c.route === 'aiWorkspace' && !c.workspaceAiEnabled) return 'redirect:/overview';
  return 'allow';
}

function outcomeOf(input: GuardInput): string {
  const decision = decideRoute(input);
  return decision.type === 'allow' ? 'allow' : `${decision.type}:${decision.to}`;
}

describe('route guard decision table', () => {
  const cases = [...allCases()];

  it('covers every combination for every route kind', () => {
    expect(cases).toHaveLength(routes.length * workplaces.length * 2 ** flags.length);
  });

  it('matches the specification for every combination', () => {
    const mismatches = cases
      .filter((input) => outcomeOf(input) !== expectedOutcome(input))
      .slice(0, 5)
      .map((input) => ({ input, got: outcomeOf(input), expected: expectedOutcome(input) }));
    expect(mismatches).toEqual([]);
  });

  const base: GuardInput = {
    route: 'protected',
    hasToken: true,
    accessExpired: false,
    refreshExpired: false,
    verified: true,
    twoFactorEnabled: false,
    twoFactorAuthenticated: false,
    profileCompleted: true,
    workplace: null,
    tutorialCompleted: true,
    workspaceAiEnabled: true,
    hasResetToken: false,
  };

  it.each([
    ['no token → sign in', { hasToken: false }, 'redirect:/sign-in'],
    ['both tokens expired → reset', { accessExpired: true, refreshExpired: true }, 'reset:/sign-in'],
    [
      'expired access with a live refresh token is allowed (the client refreshes)',
      { accessExpired: true },
      'allow',
    ],
    [
      'not verified beats two-factor and profile',
      { verified: false, twoFactorEnabled: true, profileCompleted: false },
      'redirect:/verify-email',
    ],
    [
      'two-factor not passed beats profile',
      { twoFactorEnabled: true, profileCompleted: false },
      'redirect:/two-factor',
    ],
    [
      'two-factor passed, profile missing',
      { twoFactorEnabled: true, twoFactorAuthenticated: true, profileCompleted: false },
      'redirect:/onboarding',
    ],
    [
      'flag off closes the AI workspace',
      { route: 'aiWorkspace', workspaceAiEnabled: false },
      'redirect:/overview',
    ],
    [
      'done with onboarding, no tutorial yet',
      { route: 'onboarding', tutorialCompleted: false },
      'redirect:/tutorial',
    ],
    ['done with onboarding, tutorial seen', { route: 'onboarding' }, 'redirect:/overview'],
    ['signed-in user on sign-in', { route: 'signIn' }, 'redirect:/overview'],
    ['half-signed-up user may see sign-up', { route: 'signUp', verified: false }, 'allow'],
    [
      'visitor on reset-password without token',
      { route: 'resetPassword', hasToken: false },
      'redirect:/sign-in',
    ],
    [
      'visitor on reset-password with token',
      { route: 'resetPassword', hasToken: false, hasResetToken: true },
      'allow',
    ],
    ['preview is public', { route: 'preview', hasToken: false }, 'allow'],
    [
      'an expert who never onboarded is sent from the overview to the portal',
      { profileCompleted: false, workplace: '/expert' },
      'redirect:/expert',
    ],
    [
      'an expert just verified lands in the portal, not on onboarding',
      { route: 'verifyEmail', profileCompleted: false, workplace: '/expert' },
      'redirect:/expert',
    ],
    [
      'a signed-in expert on sign-in goes to the portal',
      { route: 'signIn', profileCompleted: false, workplace: '/expert' },
      'redirect:/expert',
    ],
    [
      'the portal opens without founder onboarding',
      { route: 'workplace', profileCompleted: false, workplace: '/expert' },
      'allow',
    ],
    [
      'a manager who never onboarded lands in the studio',
      {
        route: 'twoFactor',
        twoFactorEnabled: true,
        twoFactorAuthenticated: true,
        profileCompleted: false,
        workplace: '/studio',
      },
      'redirect:/studio',
    ],
    [
      'the account page opens for an expert who never onboarded',
      { route: 'account', profileCompleted: false, workplace: '/expert' },
      'allow',
    ],
    [
      'an expert may still choose founder onboarding',
      { route: 'onboarding', profileCompleted: false, workplace: '/expert' },
      'allow',
    ],
    [
      'a founder opening the portal before onboarding is onboarded first',
      { route: 'workplace', profileCompleted: false },
      'redirect:/onboarding',
    ],
    [
      'an expert who onboarded as a founder uses the founder app as before',
      { workplace: '/expert' },
      'allow',
    ],
  ] as Array<[string, Partial<GuardInput>, string]>)('%s', (_name, overrides, expected) => {
    expect(outcomeOf({ ...base, ...overrides })).toBe(expected);
  });
});
