import type { AppEvent } from '@liftoff/contracts/events';
import type {
  Expert,
  ExpertInvitation,
  InboxQuery,
  QuestionMessage,
  QuestionThread,
} from '@liftoff/contracts/experts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import type { AuditLog } from '../../plugins/audit.js';
import { expertsRepository, toExpert, toExpertSummary } from './repository.js';
import { portalRepository } from './portal-repository.js';
import type { ExpertQuestionMessageRow, ExpertQuestionRow, ExpertRow } from './tables.js';

export interface PortalDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  audit: AuditLog;
  publish: (event: AppEvent) => void;
  /** The auth room's answer: gives an account a role (audit-logged there). */
  grantExpertRole: (userId: string) => Promise<void>;
}

const questionMissing = () => notFound('Question not found.');
const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

const toMessage = (row: ExpertQuestionMessageRow): QuestionMessage => ({
  id: row.id,
  author: row.author,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

function toThread(
  row: ExpertQuestionRow,
  expert: ExpertRow,
  messages: ExpertQuestionMessageRow[],
): QuestionThread {
  return {
    id: row.id,
    expertId: row.expertId,
    expert: toExpertSummary(expert),
    subject: row.subject,
    question: row.question,
    missionId: row.missionId,
    context: row.context,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    closedAt: row.closedAt?.toISOString() ?? null,
    messages: messages.map(toMessage),
  };
}

/**
 * The expert's side of Liftoff (docs/decisions/031): invitations that turn an expert profile into an
 * account, and the question threads both the founder who asked and the expert asked can continue. Scope
 * follows the person: an expert reaches only the questions addressed to their own profile, a founder only
 * their own; anything else is the same 404 as a question that does not exist.
 */
export function createPortalService(deps: PortalDeps) {
  const { db } = deps;
  const repo = portalRepository(db);

  async function ownProfile(userId: string): Promise<ExpertRow> {
    const expert = await repo.expertOfUser(userId);
    // An `expert` role without a linked profile (granted by hand) has nothing addressed to it yet.
    if (!expert) throw notFound('No expert profile is linked to your account. Ask the program team.');
    return expert;
  }

  async function threadOf(row: ExpertQuestionRow, expert?: ExpertRow): Promise<QuestionThread> {
    const owner = expert ?? (await expertsRepository(db).findById(row.expertId))!;
    return toThread(row, owner, await repo.messagesOf(row.id));
  }

  async function addMessage(
    row: ExpertQuestionRow,
    author: 'founder' | 'expert',
    body: string,
  ): Promise<ExpertQuestionRow> {
    if (row.status === 'CLOSED') throw conflict('This question is closed; ask a new one to continue.');
    return db.transaction(async (tx) => {
      const inTx = portalRepository(tx);
      await inTx.insertMessage({ questionId: row.id, author, body });
      // The expert's first message answers the question; the founder's follow-ups leave it answered.
      return author === 'expert' ? inTx.setStatus(row.id, 'ANSWERED') : row;
    });
  }

  return {
    ownProfile,

    /** The program team invites the expert behind a profile to make an account (studio or command line). */
    async invite(actorId: string | null, email: string): Promise<ExpertInvitation> {
      const address = email.trim().toLowerCase();
      const expert = await repo.expertByEmail(address);
      if (!expert)
        throw notFound(
          `No expert profile has the e-mail ${address}. Add the expert to the content pack first.`,
        );
      const row = await db.transaction(async (tx) => {
        const updated = await portalRepository(tx).markInvited(expert.id);
        await deps.audit.record(
          {
            actorId,
            action: 'expert.invited',
            recordType: 'expert',
            recordId: expert.id,
            before: { invitedAt: expert.invitedAt?.toISOString() ?? null },
            after: { email: address, invitedAt: updated.invitedAt?.toISOString() ?? null },
          },
          tx,
        );
        return updated;
      });
      const signUp = `${deps.appUrl}/sign-up?email=${encodeURIComponent(row.email)}`;
      try {
        await deps.mailer.send(row.email, {
          subject: 'Your Liftoff expert account',
          heading: `${row.firstName}, answer founders inside Liftoff`,
          paragraphs: [
            'The program team invites you to make your Liftoff expert account. Founders’ questions and meeting requests then wait for you in the expert portal, with where each founder stands in the program.',
            'Sign up with this e-mail address; your expert profile is linked to the account at once. Links in earlier e-mails keep working.',
          ],
          action: row.userId
            ? { label: 'Open the expert portal', url: `${deps.appUrl}/expert` }
            : { label: 'Make your account', url: signUp },
          footer: 'You received this e-mail because you are a Liftoff expert.',
        });
      } catch (error) {
        deps.log.error({ err: error }, 'expert invitation mail failed');
      }
      return {
        expertId: row.id,
        email: row.email,
        invitedAt: row.invitedAt!.toISOString(),
        linked: Boolean(row.userId),
      };
    },

    /** Sign-up in invitation mode lets an invited expert's address through. */
    async isInvited(email: string): Promise<boolean> {
      const expert = await repo.expertByEmail(email.trim().toLowerCase());
      return Boolean(expert?.invitedAt && !expert.userId);
    },

    /** After sign-up: an invited expert's account is linked to the profile and given the expert role. */
    async linkOnSignUp(userId: string, email: string): Promise<boolean> {
      const expert = await repo.expertByEmail(email.trim().toLowerCase());
      if (!expert?.invitedAt || expert.userId) return false;
      const linked = await repo.link(expert.id, userId);
      if (!linked) return false;
      await deps.grantExpertRole(userId);
      return true;
    },

    async me(userId: string): Promise<Expert> {
      return toExpert(await ownProfile(userId));
    },

    async inbox(userId: string, query: InboxQuery): Promise<QuestionThread[]> {
      const expert = await ownProfile(userId);
      const status = query.status
        ? (query.status.toUpperCase() as 'OPEN' | 'ANSWERED' | 'CLOSED')
        : undefined;
      const rows = await repo.questionsOfExpert(expert.id, status);
      const messages = await repo.messagesOfMany(rows.map((r) => r.id));
      return rows.map((row) => toThread(row, expert, messages.get(row.id) ?? []));
    },

    async expertThread(userId: string, id: string): Promise<QuestionThread> {
      const expert = await ownProfile(userId);
      const row = await repo.questionOfExpert(expert.id, id);
      if (!row) throw questionMissing();
      return threadOf(row, expert);
    },

    async expertReply(userId: string, id: string, body: string): Promise<QuestionThread> {
      const expert = await ownProfile(userId);
      const row = await repo.questionOfExpert(expert.id, id);
      if (!row) throw questionMissing();
      const after = await addMessage(row, 'expert', body);
      deps.publish({
        type: 'question.answered',
        questionId: row.id,
        founderId: row.userId,
        expertName: fullName(expert),
        subject: row.subject,
      });
      return threadOf(after, expert);
    },

    async founderThread(userId: string, id: string): Promise<QuestionThread> {
      const row = await repo.questionOfFounder(userId, id);
      if (!row) throw questionMissing();
      return threadOf(row);
    },

    async founderThreads(userId: string): Promise<QuestionThread[]> {
      const rows = await expertsRepository(db).questionsOf(userId);
      const experts = new Map(
        (await expertsRepository(db).findByIds([...new Set(rows.map((r) => r.expertId))])).map((e) => [
          e.id,
          e,
        ]),
      );
      const messages = await repo.messagesOfMany(rows.map((r) => r.id));
      return rows.map((row) => toThread(row, experts.get(row.expertId)!, messages.get(row.id) ?? []));
    },

    async founderReply(userId: string, id: string, body: string): Promise<QuestionThread> {
      const row = await repo.questionOfFounder(userId, id);
      if (!row) throw questionMissing();
      const after = await addMessage(row, 'founder', body);
      const expert = (await expertsRepository(db).findById(row.expertId))!;
      if (expert.userId) {
        deps.publish({
          type: 'question.replied',
          questionId: row.id,
          expertUserId: expert.userId,
          founderName: row.context.founderName ?? 'The founder',
          subject: row.subject,
        });
      }
      return threadOf(after, expert);
    },

    async close(side: 'founder' | 'expert', userId: string, id: string): Promise<QuestionThread> {
      const row =
        side === 'founder'
          ? await repo.questionOfFounder(userId, id)
          : await repo.questionOfExpert((await ownProfile(userId)).id, id);
      if (!row) throw questionMissing();
      if (row.status === 'CLOSED') return threadOf(row);
      return threadOf(await repo.close(row.id));
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
