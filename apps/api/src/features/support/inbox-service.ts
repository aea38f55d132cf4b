import type { SupportRepliedEvent } from '@liftoff/contracts/events';
import type {
  MySupportMessage,
  SupportInboxPage,
  SupportInboxQuery,
  SupportStatus,
  SupportTicket,
} from '@liftoff/contracts/support';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { AuditLog } from '../../plugins/audit.js';
import type { Mailer } from '../../plugins/mail.js';
import { inboxRepository } from './inbox-repository.js';
import type { FeedbackRow } from './tables.js';

export interface InboxDeps {
  db: Db;
  mailer: Mailer;
  audit: Pick<AuditLog, 'record'>;
  /** The event bus: the notifications room turns a reply into an entry in the founder's centre. */
  publish: (event: SupportRepliedEvent) => void;
  /** The e-mail addresses of the team members who replied (the auth room answers it). */
  emails: (ids: string[]) => Promise<Map<string, string>>;
}

export type InboxService = ReturnType<typeof createInboxService>;

/** The support inbox of the studio: read, answer by e-mail, and close the founders' messages. */
export function createInboxService(deps: InboxDeps) {
  const { db } = deps;

  async function tickets(rows: FeedbackRow[]): Promise<SupportTicket[]> {
    const replies = await inboxRepository(db).replies(rows.map((row) => row.id));
    const emails = await deps.emails([...new Set(replies.flatMap((r) => (r.authorId ? [r.authorId] : [])))]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      message: row.message,
      page: row.page,
      email: row.email,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      replies: replies
        .filter((reply) => reply.feedbackId === row.id)
        .map((reply) => ({
          id: reply.id,
          message: reply.message,
          authorEmail: (reply.authorId && emails.get(reply.authorId)) ?? null,
          createdAt: reply.createdAt.toISOString(),
        })),
    }));
  }

  async function ticket(id: string): Promise<SupportTicket> {
    const row = await inboxRepository(db).find(id);
    if (!row) throw notFound('Support message not found');
    return (await tickets([row]))[0]!;
  }

  return {
    async list(query: SupportInboxQuery): Promise<SupportInboxPage> {
      const { rows, total } = await inboxRepository(db).list(query);
      return { tickets: await tickets(rows), total, page: query.page, pageSize: query.pageSize };
    },
    ticket,

    /** A founder's messages with the team's replies, as the founder reads them in the app. */
    async mine(userId: string): Promise<MySupportMessage[]> {
      const rows = await inboxRepository(db).mine(userId);
      const replies = await inboxRepository(db).replies(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        subject: row.subject,
        message: row.message,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        replies: replies
          .filter((reply) => reply.feedbackId === row.id)
          .map((reply) => ({
            id: reply.id,
            message: reply.message,
            createdAt: reply.createdAt.toISOString(),
          })),
      }));
    },

    async setStatus(actorId: string, id: string, status: SupportStatus): Promise<SupportTicket> {
      await db.transaction(async (tx) => {
        const row = await inboxRepository(tx).find(id);
        if (!row) throw notFound('Support message not found');
        if (row.status === status) return;
        await inboxRepository(tx).setStatus(id, status);
        await deps.audit.record(
          {
            actorId,
            action: 'support.status_changed',
            recordType: 'feedback',
            recordId: id,
            before: { status: row.status },
            after: { status },
          },
          tx,
        );
      });
      return ticket(id);
    },

    /**
     * Mails the reply to the sender and marks the message answered, in one transaction with its audit entry
     * (the outbox sends the mail once it commits); then tells the founder in the app.
     */
    async reply(actorId: string, id: string, message: string): Promise<SupportTicket> {
      const row = await db.transaction(async (tx) => {
        const repo = inboxRepository(tx);
        const row = await repo.find(id);
        if (!row) throw notFound('Support message not found');
        const reply = await repo.addReply({ feedbackId: id, authorId: actorId, message });
        if (row.status !== 'answered') await repo.setStatus(id, 'answered');
        await deps.mailer.send(
          row.email,
          {
            subject: `Re: ${row.subject}`,
            heading: 'The Liftoff team answered your message',
            paragraphs: [message, `Your message: “${row.subject}”`],
            footer: 'You wrote to the Liftoff support team. Reply through the support form in the app.',
          },
          [],
          tx,
        );
        await deps.audit.record(
          {
            actorId,
            action: 'support.replied',
            recordType: 'feedback',
            recordId: id,
            before: { status: row.status },
            after: { status: 'answered', replyId: reply.id },
          },
          tx,
        );
        return row;
      });
      deps.publish({
        type: 'support.replied',
        feedbackId: id,
        founderId: row.userId,
        subject: row.subject,
        reply: message,
        repliedById: actorId,
      });
      return ticket(id);
    },
  };
}
