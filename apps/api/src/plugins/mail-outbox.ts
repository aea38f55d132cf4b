import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { devOutbox, type OutboxAttachment } from './mail-tables.js';

/** The development outbox's rows (no SMTP server configured). */
export function outboxRepository(db: DbOrTx) {
  return {
    async add(mail: {
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments: OutboxAttachment[];
    }) {
      await db.insert(devOutbox).values({ ...mail, to: mail.to.toLowerCase(), createdAt: new Date() });
    },
    /** The newest 100 mails to one address. */
    async latest(to: string) {
      return db
        .select()
        .from(devOutbox)
        .where(eq(devOutbox.to, to.toLowerCase()))
        .orderBy(desc(devOutbox.createdAt))
        .limit(100);
    },
    async find(id: string) {
      const [row] = await db.select().from(devOutbox).where(eq(devOutbox.id, id));
      return row ?? null;
    },
  };
}
