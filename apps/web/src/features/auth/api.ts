import type {
  BackupCodesStatus,
  CheckResetLinkResult,
  LoginBody,
  Session,
  SetupTwoFactorResult,
  SignedInSession,
  SignupBody,
  TwoFactorMethod,
  UpdateUserBody,
  User,
  UserMeta,
  VerifyTwoFactorResult,
} from '@liftoff/contracts/auth';
import { api } from '../../lib/api';

export type { VerifyTwoFactorResult };

/**
 * Authentication calls of spec section 7 (api-contract.md "Authentication calls"). Calls whose screens
 * show a failure next to the field it is about are `silent`: a message is shown once, not also as a toast.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<Session, SignupBody>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', headerType: 'public', body }),
      extraOptions: { successToast: true, fallbackError: 'Sign up failed' },
    }),
    login: build.mutation<Session, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', headerType: 'public', body }),
      // Not signed in yet while a second factor is due: the two-factor screen says what comes next. A
      // failure is shown inline on the sign-in form, once.
      extraOptions: {
        successToast: (data) => !(data as Session | null)?.user.twoFactorEnabled,
        fallbackError: 'Login failed',
        silent: true,
      },
    }),
    me: build.query<User, void>({
      query: () => ({ url: '/auth/me', method: 'GET', headerType: 'authorization' }),
      extraOptions: { fallbackError: 'Failed to get user data' },
      providesTags: ['User'],
    }),
    checkEmailExists: build.mutation<{ exists: boolean }, { email: string }>({
      query: (body) => ({ url: '/auth/check-user-email-exists', method: 'POST', headerType: 'public', body }),
      extraOptions: { fallbackError: 'Email check failed' },
    }),
    sendResetLink: build.mutation<unknown, { email: string }>({
      query: (body) => ({
        url: '/auth/send-reset-password-link',
        method: 'POST',
        headerType: 'public',
        body,
      }),
      extraOptions: { fallbackError: 'Forgot password request failed' },
    }),
    /** Asked when the reset page opens: a used, replaced or expired link says so before a password is typed. */
    checkResetLink: build.query<CheckResetLinkResult, { token: string }>({
      query: (body) => ({
        url: '/auth/check-reset-password-link',
        method: 'POST',
        headerType: 'public',
        body,
      }),
      // The page shows a failure in place, with a retry.
      extraOptions: { fallbackError: 'Could not check the reset link', silent: true },
    }),
    resetPassword: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', headerType: 'public', body }),
      extraOptions: { successToast: true, fallbackError: 'Password reset failed' },
    }),
    verifyEmail: build.mutation<{ user: User }, { code: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', headerType: 'authorization', body }),
      extraOptions: { successToast: true, fallbackError: 'Email verification failed' },
    }),
    resendEmailVerification: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/resend-email-verification', method: 'POST', headerType: 'authorization' }),
      extraOptions: { successToast: true, fallbackError: 'Failed to resend verification email' },
    }),
    verifyTwoFactor: build.mutation<VerifyTwoFactorResult, { code: string }>({
      query: (body) => ({
        url: '/auth/verify-two-factor',
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { successToast: true, fallbackError: 'Two-factor verification failed', silent: true },
    }),
    verifyBackupCode: build.mutation<Session, { code: string }>({
      query: (body) => ({
        url: '/auth/verify-backup-code',
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { successToast: true, fallbackError: 'Backup code verification failed', silent: true },
    }),
    resendTwoFactorCode: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/resend-two-factor-code', method: 'POST', headerType: 'authorization' }),
      extraOptions: { successToast: true, fallbackError: 'Failed to resend two-factor code' },
    }),
    setupTwoFactor: build.mutation<SetupTwoFactorResult, { method: TwoFactorMethod }>({
      query: (body) => ({ url: '/auth/setup-two-factor', method: 'POST', headerType: 'authorization', body }),
      extraOptions: { fallbackError: 'Two-factor setup failed' },
    }),
    generateTwoFactorEmailCode: build.mutation<unknown, void>({
      query: () => ({
        url: '/auth/generate-two-factor-email-code',
        method: 'POST',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true, fallbackError: 'Failed to resend two-factor code' },
    }),
    verifyTwoFactorEmailCode: build.mutation<Session, { code: string }>({
      query: (body) => ({
        url: '/auth/verify-two-factor-email-code',
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { successToast: true, fallbackError: 'Two-factor verification failed', silent: true },
    }),
    disableTwoFactor: build.mutation<{ user: User }, void>({
      query: () => ({ url: '/auth/disable-two-factor', method: 'POST', headerType: 'authorization' }),
      extraOptions: { successToast: true, fallbackError: 'Failed to disable two-factor authentication' },
    }),
    changePassword: build.mutation<unknown, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', headerType: 'authorization', body }),
      extraOptions: { successToast: true, fallbackError: 'Password change failed', silent: true },
    }),
    logout: build.mutation<unknown, { refreshToken: string }>({
      query: (body) => ({ url: '/auth/logout', method: 'POST', headerType: 'authorization', body }),
      // Signing out always completes locally; a failed server call is not worth interrupting it.
      extraOptions: { fallbackError: 'Logout failed', silent: true },
    }),
    updateUser: build.mutation<User, { id: string; body: UpdateUserBody }>({
      query: ({ id, body }) => ({
        url: `/user/update-user/${encodeURIComponent(id)}`,
        method: 'PATCH',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { successToast: true },
    }),
    updateMeta: build.mutation<User, { id: string; meta: UserMeta }>({
      query: ({ id, meta }) => ({
        url: `/user/${encodeURIComponent(id)}/meta`,
        method: 'PUT',
        headerType: 'authorization',
        body: { meta },
      }),
    }),
    sessions: build.query<SignedInSession[], void>({
      query: () => ({ url: '/auth/sessions', method: 'GET', headerType: 'authorization' }),
      extraOptions: { fallbackError: 'Failed to load your sessions', silent: true },
      providesTags: ['Sessions'],
    }),
    signOutSession: build.mutation<unknown, { sessionId: string }>({
      query: ({ sessionId }) => ({
        url: `/auth/sessions/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true, fallbackError: 'Sign-out failed' },
      invalidatesTags: ['Sessions'],
    }),
    signOutOtherSessions: build.mutation<{ signedOut: number }, void>({
      query: () => ({ url: '/auth/sessions/sign-out-others', method: 'POST', headerType: 'authorization' }),
      extraOptions: { successToast: true, fallbackError: 'Sign-out failed' },
      invalidatesTags: ['Sessions'],
    }),
    backupCodesStatus: build.query<BackupCodesStatus, void>({
      query: () => ({ url: '/auth/backup-codes', method: 'GET', headerType: 'authorization' }),
      extraOptions: { fallbackError: 'Failed to count your backup codes', silent: true },
      providesTags: ['BackupCodes'],
    }),
    regenerateBackupCodes: build.mutation<{ backupCodes: string[] }, { code: string }>({
      query: (body) => ({
        url: '/auth/backup-codes/regenerate',
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      // A wrong code is shown on the code field, once.
      extraOptions: { successToast: true, fallbackError: 'New backup codes failed', silent: true },
      invalidatesTags: ['BackupCodes'],
    }),
  }),
});

export const {
  useBackupCodesStatusQuery,
  useRegenerateBackupCodesMutation,
  useSessionsQuery,
  useSignOutSessionMutation,
  useSignOutOtherSessionsMutation,
  useSignupMutation,
  useLoginMutation,
  useMeQuery,
  useLazyMeQuery,
  useCheckEmailExistsMutation,
  useSendResetLinkMutation,
  useResetPasswordMutation,
  useCheckResetLinkQuery,
  useVerifyEmailMutation,
  useResendEmailVerificationMutation,
  useVerifyTwoFactorMutation,
  useVerifyBackupCodeMutation,
  useResendTwoFactorCodeMutation,
  useSetupTwoFactorMutation,
  useGenerateTwoFactorEmailCodeMutation,
  useVerifyTwoFactorEmailCodeMutation,
  useDisableTwoFactorMutation,
  useChangePasswordMutation,
  useLogoutMutation,
  useUpdateUserMutation,
  useUpdateMetaMutation,
} = authApi;
