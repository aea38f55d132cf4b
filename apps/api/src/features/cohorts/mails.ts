import type { MailContent } from '../../lib/mail-template.js';

/** The words of the cohort mails. */
export const cohortMails = {
  invitation: (cohortName: string, name: string, signUpUrl: string): MailContent => ({
    subject: `You are invited to ${cohortName} on Liftoff`,
    heading: `${name}, you are invited to ${cohortName}`,
    paragraphs: [
      `The program team invited you to join ${cohortName} on Liftoff, where you work through the program step by step with experts and a coach beside you.`,
      'Create your account with this e-mail address to join. The invitation is valid for 14 days.',
    ],
    action: { label: 'Create your account', url: signUpUrl },
    footer: 'If you did not expect this invitation, you can ignore this e-mail.',
  }),
  joined: (cohortName: string, appUrl: string): MailContent => ({
    subject: `You joined ${cohortName} on Liftoff`,
    heading: `Welcome to ${cohortName}`,
    paragraphs: [
      `The program team added your Liftoff account to ${cohortName}. Your progress so far stays as it is.`,
    ],
    action: { label: 'Open Liftoff', url: appUrl },
  }),
};
