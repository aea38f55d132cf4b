import { z } from 'zod';
import { email, industries, startupStages } from './auth.js';

/**
 * A startup: the company founders work a program as, and its members (an owner and co-founders). A person is
 * a member of one startup at a time; the company's data lives here, each founder's own answers on their account.
 */
export const startupsMessages = {
  startup: 'Startup Fetched Successfully.',
  created: 'Startup created successfully.',
  updated: 'Startup updated successfully.',
  invited: 'Invitation sent.',
  joined: 'Joined the startup.',
  invitations: 'Invitations Fetched Successfully.',
  revoked: 'Invitation revoked.',
  declined: 'Invitation declined.',
  left: 'You left the startup.',
  removed: 'Member removed.',
  ownerChanged: 'Ownership handed on.',
} as const;

export const memberRole = z.enum(['owner', 'cofounder']);
export type MemberRole = z.infer<typeof memberRole>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the form YYYY-MM-DD' });
const webAddress = z
  .string()
  .trim()
  .max(300)
  .refine((value) => /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value), {
    message: 'Use a full address starting with https://',
  });

/** The company's fields, as the startup page edits them; every one but the name may be left empty (null). */
const startupFields = {
  name: z.string().trim().min(1, { message: 'Tell us what your startup is called' }).max(120),
  oneLiner: z.string().trim().max(200).nullable(),
  website: webAddress.nullable(),
  stage: z.enum(startupStages, { message: 'Choose a stage' }).nullable(),
  industry: z.enum(industries, { message: 'Choose an industry' }).nullable(),
  logoUrl: webAddress.nullable(),
  location: z.string().trim().max(120).nullable(),
  foundedOn: isoDate.nullable(),
};

export const createStartupBody = z
  .object({ ...startupFields, oneLiner: startupFields.oneLiner.optional() })
  .partial()
  .required({ name: true })
  .strict();
export type CreateStartupBody = z.infer<typeof createStartupBody>;

export const updateStartupBody = z.object(startupFields).partial().strict();
export type UpdateStartupBody = z.infer<typeof updateStartupBody>;

export const startupMember = z.object({
  userId: z.string(),
  /** The member's name, or their e-mail when they gave none. */
  name: z.string(),
  email: z.string(),
  role: memberRole,
  joinedAt: z.string(),
});
export type StartupMember = z.infer<typeof startupMember>;

export const startupInvitationStatus = z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'DECLINED', 'EXPIRED']);
export const startupInvitation = z.object({
  id: z.string(),
  startupId: z.string(),
  startupName: z.string(),
  email: z.string(),
  status: startupInvitationStatus,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type StartupInvitation = z.infer<typeof startupInvitation>;

export const startup = z.object({
  id: z.string(),
  name: z.string(),
  oneLiner: z.string().nullable(),
  website: z.string().nullable(),
  /** Free text when saved before the choices were fixed; a write takes only the listed stages. */
  stage: z.string().nullable(),
  industry: z.string().nullable(),
  logoUrl: z.string().nullable(),
  location: z.string().nullable(),
  foundedOn: z.string().nullable(),
  members: z.array(startupMember),
  /** Open invitations, for the members to see who is still to join. */
  invitations: z.array(startupInvitation),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Startup = z.infer<typeof startup>;

export const inviteCofounderBody = z.object({ email }).strict();
export type InviteCofounderBody = z.infer<typeof inviteCofounderBody>;

/** `joined`: the address had an account free to join, which is now a member; otherwise a mail went out. */
export const inviteResult = z.object({ invitation: startupInvitation, joined: z.boolean() });
export type InviteResult = z.infer<typeof inviteResult>;

export const handOverBody = z.object({ userId: z.uuid({ message: 'Not a valid id' }) }).strict();
export type HandOverBody = z.infer<typeof handOverBody>;

export const startupIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
export const invitationIdParams = z.object({ invitationId: z.uuid({ message: 'Not a valid id' }) });
export const memberParams = z.object({ userId: z.uuid({ message: 'Not a valid id' }) });
