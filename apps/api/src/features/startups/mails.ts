import type { MailContent } from '../../lib/mail-template.js';

/** The words of the startup mails: invitations only; the rest reaches people as notifications. */
export const startupMails = {
  /** To an address without an account: signing up with it joins the startup. */
  invitation: (startupName: string, inviter: string, signUpUrl: string): MailContent => ({
    subject: `${inviter} invites you to ${startupName} on Liftoff`,
    heading: `Join ${startupName} on Liftoff`,
    paragraphs: [
      `${inviter} invited you to ${startupName} as a co-founder: you will work through the program together, each of you seeing the other's part.`,
      'Create your account with this e-mail address to join. The invitation is valid for 14 days.',
    ],
    action: { label: 'Create your account', url: signUpUrl },
    footer: 'If you did not expect this invitation, you can ignore this e-mail.',
  }),
  /** To an account that is in another startup: it accepts in the app, leaving that one. */
  invitationToMember: (startupName: string, inviter: string, appUrl: string): MailContent => ({
    subject: `${inviter} invites you to ${startupName} on Liftoff`,
    heading: `Join ${startupName} on Liftoff`,
    paragraphs: [
      `${inviter} invited you to ${startupName} as a co-founder.`,
      'You are a member of another startup now: accepting moves you to this one. Open your profile in Liftoff to accept. The invitation is valid for 14 days.',
    ],
    action: { label: 'Open Liftoff', url: `${appUrl}/profile` },
    footer: 'If you did not expect this invitation, you can ignore this e-mail.',
  }),
  /** To an account that joined at once. */
  joined: (startupName: string, appUrl: string): MailContent => ({
    subject: `You joined ${startupName} on Liftoff`,
    heading: `Welcome to ${startupName}`,
    paragraphs: [`You were invited to ${startupName} and are now one of its members on Liftoff.`],
    action: { label: 'Open Liftoff', url: appUrl },
  }),
};
