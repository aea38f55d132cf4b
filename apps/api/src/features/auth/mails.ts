import type { MailContent } from '../../lib/mail-template.js';

/** The words of every account mail, in one place. */
export const authMails = {
  verifyEmail: (firstName: string | null, code: string): MailContent => ({
    subject: `${code} is your Liftoff verification code`,
    heading: `Welcome to Liftoff${firstName ? `, ${firstName}` : ''}!`,
    paragraphs: ['Enter this code in Liftoff to verify your e-mail address. It is valid for 15 minutes.'],
    code,
    footer: 'If you did not create a Liftoff account, you can ignore this e-mail.',
  }),
  resetPassword: (url: string): MailContent => ({
    subject: 'Reset your Liftoff password',
    heading: 'Reset your password',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your Liftoff account. The link is valid for one hour and works once.',
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  }),
  passwordChanged: (): MailContent => ({
    subject: 'Your Liftoff password was changed',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your Liftoff account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password right away and contact support.',
    ],
  }),
  twoFactorCode: (code: string): MailContent => ({
    subject: `${code} is your Liftoff sign-in code`,
    heading: 'Your two-step verification code',
    paragraphs: [
      'Enter this code in Liftoff to finish signing in. It is valid for 10 minutes and works once.',
    ],
    code,
    footer: 'If you did not try to sign in, someone may know your password: change it right away.',
  }),
  twoFactorEnabled: (method: 'TOTP' | 'EMAIL'): MailContent => ({
    subject: 'Two-step verification is on for your Liftoff account',
    heading: 'Two-step verification is on',
    paragraphs: [
      method === 'TOTP'
        ? 'From now on, signing in to Liftoff asks for a code from your authenticator app after your password.'
        : 'From now on, signing in to Liftoff asks for a code we e-mail you after your password.',
      'Keep your backup codes somewhere safe: each one lets you in once if you cannot get a code.',
      'If this was not you, reset your password right away and contact support.',
    ],
  }),
  twoFactorDisabled: (): MailContent => ({
    subject: 'Two-step verification was turned off for your Liftoff account',
    heading: 'Two-step verification is off',
    paragraphs: [
      'Two-step verification was just turned off for your Liftoff account, and its backup codes no longer work.',
      'If this was not you, reset your password right away, turn two-step verification back on and contact support.',
    ],
  }),
  backupCodesReplaced: (): MailContent => ({
    subject: 'Your Liftoff backup codes were replaced',
    heading: 'New backup codes',
    paragraphs: [
      'A new set of backup codes was just made for your Liftoff account. The codes you had before no longer work.',
      'If this was not you, change your password right away and contact support.',
    ],
  }),
  confirmNewEmail: (url: string): MailContent => ({
    subject: 'Confirm your new Liftoff e-mail address',
    heading: 'Confirm your new address',
    paragraphs: [
      'Someone (hopefully you) asked to use this address for their Liftoff account. Your account keeps its old address until you open this link. It is valid for 24 hours and works once.',
    ],
    action: { label: 'Use this address', url },
    footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  }),
  emailChanged: (newEmail: string): MailContent => ({
    subject: 'The e-mail address of your Liftoff account was changed',
    heading: 'Your e-mail address was changed',
    paragraphs: [
      `Your Liftoff account now signs in and receives mail at ${newEmail}. This address no longer belongs to it.`,
      'If this was not you, contact support right away.',
    ],
  }),
  accountDeleted: (): MailContent => ({
    subject: 'Your Liftoff account was deleted',
    heading: 'Your account was deleted',
    paragraphs: [
      'Your Liftoff account was deleted, as you asked. Your profile, progress, worksheets, files, questions, meetings, coach conversations and notifications are gone, and every session was signed out.',
      'This is the last e-mail Liftoff sends to this address. You are welcome to sign up again at any time.',
    ],
  }),
};
