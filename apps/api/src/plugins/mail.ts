import { outboxMail, type OutboxMail } from '@liftoff/contracts/dev';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { ok } from '../lib/envelope.js';
import { renderMail, type MailContent } from '../lib/mail-template.js';
import { devOutbox } from './mail-tables.js';

export interface Attachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mailer {
  /** Sends one mail with a text and an HTML part. */
  send(to: string, content: MailContent, attachments?: Attachment[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

    app.decorate('mailer', {
      async send(to, content, attachments = []) {
        const mail = renderMail(content);
        if (transport) {
          await transport.sendMail({ from: config.MAIL_FROM, to, ...mail, attachments });
          app.log.info({ mail: { to, subject: mail.subject } }, 'mail sent');
          return;
        }
        await db.insert(devOutbox).values({
          to: to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          createdAt: new Date(),
        });
        // The development outbox prints each mail so a developer can follow links and codes locally.
        app.log.info({ mail: { to, subject: mail.subject } }, `development outbox:\n${mail.text}`);
      },
    } satisfies Mailer);

    if (transport) app.addHook('onClose', async () => transport.close());

    if (!config.isProduction) {
      app.get(
        '/api/dev/mailbox',
        {
          config: { public: true },
          schema: {
            tags: ['dev'],
            summary: 'Development outbox (not in production)',
            querystring: z.object({ to: z.string().max(254).optional() }),
            response: { 200: z.object({ message: z.string(), data: z.array(outboxMail) }) },
          },
        },
        async (request) => {
          const to = (request.query as { to?: string }).to?.toLowerCase();
          const rows = await db
            .select()
            .from(devOutbox)
            .where(to ? eq(devOutbox.to, to) : undefined)
            .orderBy(desc(devOutbox.createdAt))
            .limit(100);
          const data: OutboxMail[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
          return ok('Mailbox fetched successfully.', data);
        },
      );
    }
  },
  { name: 'mail', dependencies: ['db'] },
);
