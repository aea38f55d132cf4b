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
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Liftoff account. The link is valid for one hour and works once.'],
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
};
