import {
  authMessages,
  backupCodeBody,
  changePasswordBody,
  checkEmailBody,
  checkEmailResult,
  loginBody,
  logoutBody,
  refreshBody,
  refreshResult,
  resetPasswordBody,
  sendResetLinkBody,
  session,
  setupTwoFactorBody,
  setupTwoFactorResult,
  signupBody,
  twoFactorCodeBody,
  updateMetaBody,
  updateUserBody,
  user,
  userIdParams,
  verifyEmailBody,
  verifyTwoFactorResult,
} from '@liftoff/contracts/auth';
import { emptyObject, envelope } from '@liftoff/contracts/common';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { bearerToken, principalOf } from '../../plugins/auth-guard.js';
import type { AuthService } from './service.js';
import { clientOf } from './session-routes.js';

const empty = envelope(z.object({}));
const tags = ['auth'];

async function meRoute(app: FastifyInstance, options: { service: AuthService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/me',
    {
      config: { allowUnverified: true, allowPendingTwoFactor: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(user) } },
    },
    async (request) => ok(authMessages.me, options.service.me(principalOf(request))),
  );
}

/**
 * The account's calls. `GET /api/auth/me`, made on every signed-in page and the one without a body, is a sibling
 * of the others rather than among them: multipart's hooks run on every call of the scope it is registered in,
 * even one registered before it, and cost that call three promises and a listener (decision 054).
 */
export async function authRoutes(app: FastifyInstance, options: { service: AuthService }) {
  await app.register(meRoute, options);
  await app.register(callsWithBodies, options);
}

async function callsWithBodies(app: FastifyInstance, options: { service: AuthService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Credential calls get a tight per-IP limit on top of the global one and the per-account counters.
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  const authOnly = { allowUnverified: true };
  // A browser's FormData posts multipart/form-data (the sign-up form does): its text fields become the body,
  // validated like JSON. Files have no place here.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 20, fieldSize: 4096, parts: 20 },
  });

  r.post(
    '/api/auth/signup',
    {
      config: { public: true, rateLimit: credentialLimit, errors: [403, 409] },
      schema: {
        tags,
        summary: 'Create an account (JSON, URL-encoded or multipart form data); e-mails a verification code',
        security: [],
        body: signupBody,
        response: { 201: envelope(session) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(authMessages.signup, await service.signup(request.body, clientOf(request)))),
  );

  r.post(
    '/api/auth/login',
    {
      // Wrong credentials answer 401 although the call is public.
      config: { public: true, rateLimit: credentialLimit, errors: [401] },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        security: [],
        body: loginBody,
        response: { 200: envelope(session) },
      },
    },
    async (request) => ok(authMessages.login, await service.login(request.body, clientOf(request))),
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { ...authOnly, rateLimit: credentialLimit },
      schema: {
        tags,
        summary: 'Verify the e-mail address with the 6-digit code',
        body: verifyEmailBody,
        response: { 200: envelope(z.object({ user })) },
      },
    },
    async (request) =>
      ok(authMessages.verifyEmail, {
        user: await service.verifyEmail(principalOf(request), request.body.code),
      }),
  );

  // Clients post this without a body, which Fastify hands to validation as null.
  r.post(
    '/api/auth/resend-email-verification',
    {
      config: { ...authOnly, rateLimit: credentialLimit, errors: [409] },
      schema: {
        tags,
        summary: 'E-mail a new verification code (once a minute)',
        body: emptyObject.nullish(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await service.resendEmailVerification(principalOf(request));
      return ok(authMessages.resendEmailVerification, {});
    },
  );

  r.post(
    '/api/auth/send-reset-password-link',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags,
        summary: 'E-mail a password reset link; the same answer whether or not the account exists',
        security: [],
        body: sendResetLinkBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      await service.sendResetLink(request.body.email);
      return ok(authMessages.sendResetLink, {});
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags,
        summary: 'Set a new password with the link token; signs out every session',
        security: [],
        body: resetPasswordBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return ok(authMessages.resetPassword, {});
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { ...authOnly, rateLimit: credentialLimit },
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        body: changePasswordBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      await service.changePassword(principalOf(request), request.body);
      return ok(authMessages.changePassword, {});
    },
  );

  r.post(
    '/api/auth/check-user-email-exists',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags,
        summary: 'Whether an account uses this e-mail (tightly rate limited)',
        security: [],
        body: checkEmailBody,
        response: { 200: envelope(checkEmailResult) },
      },
    },
    async (request) => ok(authMessages.checkEmail, { exists: await service.emailExists(request.body.email) }),
  );

  r.post(
    '/api/auth/refresh',
    {
      // An unknown, expired or reused refresh token answers 401 although the call is public.
      config: { public: true, rateLimit: credentialLimit, errors: [401] },
      schema: {
        tags,
        summary: 'Rotate the refresh token (also sent as the bearer) for a new token pair',
        security: [],
        body: refreshBody,
        response: { 200: envelope(refreshResult) },
      },
    },
    async (request) => {
      const bearer = bearerToken(request);
      if (bearer && bearer !== request.body.refreshToken) {
        throw new AppError(401, 'TOKEN_INVALID', 'The refresh token in the header and the body differ.');
      }
      return ok(authMessages.refresh, await service.refresh(request.body.refreshToken, clientOf(request)));
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "End the session: revokes the refresh token's family (the body's token, else the bearer's session)",
        security: [],
        body: logoutBody.nullish(),
        response: { 200: empty },
      },
    },
    async (request) => {
      // Without a body the bearer names the session: the refresh token or an access token of it.
      const token = request.body?.refreshToken ?? bearerToken(request);
      if (token) await service.logout(token);
      return ok(authMessages.logout, {});
    },
  );

  // Two-factor authentication. The calls that pass the second factor are open to a session still waiting for it.
  // Each answers 409 when the account has no second factor or the session already passed it.
  const secondStep = { allowPendingTwoFactor: true, rateLimit: credentialLimit, errors: [409 as const] };
  const twoFactor = service.twoFactor;

  r.post(
    '/api/auth/setup-two-factor',
    {
      config: { rateLimit: credentialLimit },
      schema: {
        tags,
        summary:
          'Start two-factor setup: TOTP answers the QR code (PNG data URL), the secret and the otpauth URL; EMAIL e-mails a code. Nothing changes until verify-two-factor confirms a code.',
        body: setupTwoFactorBody,
        response: { 200: envelope(setupTwoFactorResult) },
      },
    },
    async (request) =>
      ok(authMessages.setupTwoFactor, await twoFactor.setup(principalOf(request), request.body.method)),
  );

  r.post(
    '/api/auth/verify-two-factor',
    {
      config: secondStep,
      schema: {
        tags,
        summary:
          'Pass the second factor at sign-in, or confirm a setup (then the answer carries 10 backup codes, shown once); answers a new token pair',
        body: twoFactorCodeBody,
        response: { 200: envelope(verifyTwoFactorResult) },
      },
    },
    async (request) =>
      ok(authMessages.verifyTwoFactor, await twoFactor.verify(principalOf(request), request.body.code)),
  );

  r.post(
    '/api/auth/resend-two-factor-code',
    {
      config: secondStep,
      schema: {
        tags,
        summary: 'E-mail a new code for the e-mail method (once a minute)',
        body: emptyObject.nullish(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await twoFactor.resend(principalOf(request));
      return ok(authMessages.resendTwoFactorCode, {});
    },
  );

  r.post(
    '/api/auth/generate-two-factor-email-code',
    {
      config: secondStep,
      schema: {
        tags,
        summary: 'E-mail a one-time sign-in code to a two-factor user, whatever the method (once a minute)',
        body: emptyObject.nullish(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await twoFactor.generateEmailCode(principalOf(request));
      return ok(authMessages.generateTwoFactorEmailCode, {});
    },
  );

  r.post(
    '/api/auth/verify-two-factor-email-code',
    {
      config: secondStep,
      schema: {
        tags,
        summary: 'Pass the second factor with an e-mailed code; answers a new token pair',
        body: twoFactorCodeBody,
        response: { 200: envelope(session) },
      },
    },
    async (request) =>
      ok(
        authMessages.verifyTwoFactor,
        await twoFactor.verifyEmailCode(principalOf(request), request.body.code),
      ),
  );

  r.post(
    '/api/auth/verify-backup-code',
    {
      config: secondStep,
      schema: {
        tags,
        summary: 'Pass the second factor with a backup code (used up); answers a new token pair',
        body: backupCodeBody,
        response: { 200: envelope(session) },
      },
    },
    async (request) =>
      ok(
        authMessages.verifyBackupCode,
        await twoFactor.verifyBackupCode(principalOf(request), request.body.code),
      ),
  );

  r.post(
    '/api/auth/disable-two-factor',
    {
      config: { rateLimit: credentialLimit, errors: [409] },
      schema: {
        tags,
        summary:
          'Turn two-factor off (needs a session that passed it); clears the secret and the backup codes',
        body: emptyObject.nullish(),
        response: { 200: envelope(z.object({ user })) },
      },
    },
    async (request) =>
      ok(authMessages.disableTwoFactor, { user: await twoFactor.disable(principalOf(request)) }),
  );

  r.patch(
    '/api/user/update-user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Update your name, picture, or complete your profile',
        params: userIdParams,
        body: updateUserBody,
        response: { 200: envelope(user) },
      },
    },
    async (request) =>
      ok(
        authMessages.updateUser,
        await service.updateUser(principalOf(request), request.params.id, request.body),
      ),
  );

  r.put(
    '/api/user/:id/meta',
    {
      schema: {
        tags: ['user'],
        summary: 'Save onboarding answers (merged into what was saved)',
        params: userIdParams,
        body: updateMetaBody,
        response: { 200: envelope(user) },
      },
    },
    async (request) =>
      ok(
        authMessages.updateMeta,
        await service.updateMeta(principalOf(request), request.params.id, request.body.meta),
      ),
  );
}
