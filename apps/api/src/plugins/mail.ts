import { outboxMail, type OutboxMail } from '@liftoff/contracts/dev';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { ok } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';
import { renderMail, type MailContent } from '../lib/mail-template.js';
import { outboxRepository } from './mail-outbox.js';

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
    const { config } = app;
    const outbox = outboxRepository(app.db);
    const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

    app.decorate('mailer', {
      async send(to, content, attachments = []) {
        const mail = renderMail(content);
        if (transport) {
          await transport.sendMail({ from: config.MAIL_FROM, to, ...mail, attachments });
          app.log.info({ mail: { to, subject: mail.subject } }, 'mail sent');
          return;
        }
        await outbox.add({
          to,
          ...mail,
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content).toString('base64'),
          })),
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
            // One address at a time: the outbox holds every user's codes and links.
            querystring: z.object({ to: z.string().trim().min(1, 'Required').max(254) }),
            response: { 200: z.object({ message: z.string(), data: z.array(outboxMail) }) },
          },
        },
        async (request) => {
          const rows = await outbox.latest((request.query as { to: string }).to);
          const data: OutboxMail[] = rows.map((row) => ({
            ...row,
            createdAt: row.createdAt.toISOString(),
            attachments: row.attachments.map((a, index) => ({
              filename: a.filename,
              contentType: a.contentType,
              size: Buffer.from(a.content, 'base64').length,
              url: `/api/dev/mailbox/${row.id}/attachments/${index}`,
            })),
          }));
          return ok('Mailbox fetched successfully.', data);
        },
      );

      app.get(
        '/api/dev/mailbox/:id/attachments/:index',
        {
          config: { public: true },
          schema: {
            tags: ['dev'],
            summary: "Development outbox: one attachment's bytes (not in production)",
            params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(20) }),
          },
        },
        async (request, reply) => {
          const { id, index } = request.params as { id: string; index: number };
          const attachment = (await outbox.find(id))?.attachments[index];
          if (!attachment) throw new AppError(404, 'NOT_FOUND', 'No such attachment in the outbox');
          return reply
            .type(attachment.contentType)
            .header('content-disposition', `attachment; filename="${attachment.filename.replace(/"/g, '')}"`)
            .send(Buffer.from(attachment.content, 'base64'));
        },
      );
    }
  },
  { name: 'mail', dependencies: ['db'] },
);
