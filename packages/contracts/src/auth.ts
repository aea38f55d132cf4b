import { z } from 'zod';

export const twoFactorMethod = z.enum(['TOTP', 'EMAIL']);

/**
 * What a person may do: everyone who signs up is a `founder`; `expert`, `manager` and `admin` are granted.
 * The program team (`manager`, `admin`) works in the studio and must have two-factor on to open it.
 */
export const roleSchema = z.enum(['founder', 'expert', 'manager', 'admin']);
export type Role = z.infer<typeof roleSchema>;
export const roles = roleSchema.options;
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

/** Stages offered in onboarding and the profile; a write of another value is refused. */
export const startupStages = ['Idea', 'Pre-seed', 'Seed', 'Series A', 'Growth'] as const;
export const industries = [
  'B2B SaaS',
  'Consumer',
  'Fintech',
  'Health',
  'Climate',
  'Education',
  'Marketplace',
  'Deep tech',
  'Other',
] as const;

/**
 * The founder's onboarding answers, as onboarding asks them and the profile edits them: one rule for both
 * screens and for the API's writes (`updateMetaBody`).
 */
export const onboardingAnswers = z.object({
  startupName: z.string().trim().min(1, { message: 'Tell us what your startup is called' }).max(120),
  stage: z.enum(startupStages, { message: 'Choose a stage' }),
  industry: z.enum(industries, { message: 'Choose an industry' }),
  goals: z.string().trim().max(2000, { message: 'Keep it under 2000 characters' }),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;

const metaExtras = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/**
 * The saved answers as the API reads them back. Looser than a write: an answer saved before the choices
 * were fixed is still shown (and must be chosen again when the profile is next saved).
 */
export const userMeta = z
  .object({
    startupName: z.string().trim().min(1).max(120).optional(),
    stage: z.string().trim().min(1).max(60).optional(),
    industry: z.string().trim().min(1).max(80).optional(),
    goals: z.string().trim().max(2000).optional(),
  })
  .catchall(metaExtras);
export type UserMeta = z.infer<typeof userMeta>;

/** A write of answers: any subset, each checked as onboarding checks it; a null removes another key. */
export const userMetaInput = onboardingAnswers.partial().catchall(metaExtras);

export const user = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  verified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  twoFactorMethod: twoFactorMethod.nullable(),
  profileCompleted: z.boolean(),
  profileImageUrl: z.string().nullable(),
  /** The product tour was finished or skipped (on any device). */
  tutorialCompleted: z.boolean(),
  meta: userMeta,
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** Payload of the signed access token (spec section 3). */
export const accessTokenPayload = z.object({
  sub: z.string(),
  exp: z.number(),
  iat: z.number(),
  twoFactorAuthenticated: z.boolean(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayload>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));
export const password = z
  .string()
  .min(PASSWORD_MIN, { message: `Use at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Use at most ${PASSWORD_MAX} characters` });
export const personName = z.string().trim().min(1, { message: 'Required' }).max(80);
export const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });

export const signupBody = z.object({ firstName: personName, lastName: personName, email, password }).strict();
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX) }).strict();
export type LoginBody = z.infer<typeof loginBody>;

export const session = z.object({ token: z.string(), refreshToken: z.string(), user });
export type Session = z.infer<typeof session>;

export const verifyEmailBody = z.object({ code: sixDigitCode }).strict();
export const sendResetLinkBody = z.object({ email }).strict();
export const resetPasswordBody = z.object({ token: z.string().min(16).max(200), password }).strict();
export const changePasswordBody = z
  .object({ currentPassword: z.string().min(1).max(PASSWORD_MAX), newPassword: password })
  .strict();
export const checkEmailBody = z.object({ email }).strict();
export const checkEmailResult = z.object({ exists: z.boolean() });
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) }).strict();
export const refreshResult = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResult = z.infer<typeof refreshResult>;
export const logoutBody = z.object({ refreshToken: z.string().min(1).max(200) }).strict();

export const updateUserBody = z
  .object({
    firstName: personName,
    lastName: personName,
    profileImageUrl: z.union([
      z.url({ protocol: /^https?$/ }),
      z
        .string()
        .regex(/^data:image\/(png|jpeg|webp|gif);base64,/)
        .max(2_000_000),
      z.null(),
    ]),
    profileCompleted: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const updateMetaBody = z.object({ meta: userMetaInput }).strict();
export type UpdateMetaBody = z.infer<typeof updateMetaBody>;

/** Finishing or skipping the tour sets the marker; `false` offers the tour again on the next sign-in. */
export const tutorialMarkerBody = z.object({ completed: z.boolean() }).strict();
export type TutorialMarkerBody = z.infer<typeof tutorialMarkerBody>;

export const setupTwoFactorBody = z.object({ method: twoFactorMethod }).strict();
export type SetupTwoFactorBody = z.infer<typeof setupTwoFactorBody>;
/** TOTP: the QR code (PNG data URL), the secret for manual entry and the otpauth URL; EMAIL: `{}`. */
export const setupTwoFactorResult = z.object({
  qrCodeUrl: z.string().optional(),
  secret: z.string().optional(),
  otpauthUrl: z.string().optional(),
});
export type SetupTwoFactorResult = z.infer<typeof setupTwoFactorResult>;
export const twoFactorCodeBody = z.object({ code: sixDigitCode }).strict();
/** Backup codes are shown as `xxxxx-xxxxx`; spaces, dashes and case do not matter. */
export const backupCodeBody = z
  .object({ code: z.string().trim().min(6, { message: 'Enter one of your backup codes' }).max(64) })
  .strict();
export const BACKUP_CODE_COUNT = 10;
/** The answer of verify-two-factor: `backupCodes` only when the call finished a setup (shown once). */
export const verifyTwoFactorResult = session.extend({ backupCodes: z.array(z.string()).optional() });
export type VerifyTwoFactorResult = z.infer<typeof verifyTwoFactorResult>;

export const userIdParams = z.object({ id: z.string().min(1).max(64) });

/** Success messages of spec section 8, shared so API and web say the same thing. */
export const authMessages = {
  signup: 'User sign up successfully.',
  login: 'User login successfully.',
  me: 'User fetched successfully.',
  sendResetLink: 'Reset Password link send on given email successfully.',
  resetPassword: 'Password Reset successfully.',
  changePassword: 'The password was changed successfully!',
  verifyEmail: 'Email verified successfully.',
  resendEmailVerification: 'Verification email sent successfully.',
  checkEmail: 'Email checked successfully.',
  refresh: 'Token refreshed successfully.',
  logout: 'User logout successfully.',
  updateUser: 'Your changes have been successfully saved.',
  updateMeta: 'User meta successfully updated.',
  setupTwoFactor: 'Two-factor authentication setup successfully.',
  verifyTwoFactor: 'Two-factor authentication verified successfully.',
  verifyBackupCode: 'Backup code verified successfully.',
  disableTwoFactor: 'Two-factor authentication disabled successfully.',
  resendTwoFactorCode: 'Two-factor code resent successfully.',
  generateTwoFactorEmailCode: 'Two-factor code sent successfully.',
} as const;

/** A person as the studio's admins see them (people and roles). */
export const person = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(roleSchema),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof person>;

export const peopleQuery = z
  .object({
    /** Part of a name or e-mail address. */
    search: z.string().trim().max(120).optional(),
    role: roleSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type PeopleQuery = z.infer<typeof peopleQuery>;

export const peoplePage = z.object({
  people: z.array(person),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PeoplePage = z.infer<typeof peoplePage>;

export const personRoleParams = z.object({ id: z.uuid(), role: roleSchema });

/**
 * A signed-in session (a refresh-token family) as its owner sees it. `place` is the address the session signed
 * in from: no location database ships with Liftoff, so it is the IP itself, or null when it was not recorded.
 */
export const signedInSession = z.object({
  id: z.string(),
  device: z.string(),
  place: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;
export const sessionIdParams = z.object({ sessionId: z.uuid() });
export const signOutOthersResult = z.object({ signedOut: z.number().int() });

export const sessionMessages = {
  list: 'Sessions fetched successfully.',
  signOut: 'The session was signed out.',
  signOutOthers: 'Every other session was signed out.',
} as const;

/** The account's own small settings: the tutorial marker and the reset link's check. */
export const accountMessages = {
  tutorialMarker: 'Tutorial marker saved.',
  resetLinkChecked: 'Reset link checked.',
} as const;

/** Asked when the reset page opens, so a used or expired link says so before a password is typed. */
export const checkResetLinkBody = z.object({ token: z.string().min(16).max(200) }).strict();
export const checkResetLinkResult = z.object({ usable: z.boolean() });
export type CheckResetLinkResult = z.infer<typeof checkResetLinkResult>;

/** How many backup codes are still unused, of how many a set has. */
export const backupCodesStatus = z.object({ remaining: z.number().int(), total: z.number().int() });
export type BackupCodesStatus = z.infer<typeof backupCodesStatus>;
/** A new set replaces the old one (whose codes stop working); shown once. */
export const regeneratedBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export const backupCodeMessages = {
  status: 'Backup codes counted successfully.',
  regenerated: 'New backup codes were generated.',
} as const;
