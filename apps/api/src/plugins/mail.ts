import { outboxMail, type OutboxMail } from '@liftoff/contracts/dev';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { ok } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';
import { renderMail, type MailContent } from '../lib/mail-template.js';
import type { DbOrTx } from '../db/client.js';
import { outboxRepository } from './mail-outbox.js';
import { mailQueue } from './mail-queue.js';
import type { OutboxPayload } from './mail-tables.js';
import { outboxWorker } from './mail-worker.js';
import { context, inSpan, ROOT_CONTEXT, SpanKind } from '../lib/tracing.js';
import { fileAnswer } from '../lib/answers.js';

export interface Attachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mailer {
  /**
   * Puts one mail (a text and an HTML part) in the outbox; the worker sends it. Pass the transaction of what
   * causes the mail, so the mail is kept exactly when that is.
   */
  send(to: string, content: MailContent, attachments?: Attachment[], tx?: DbOrTx): Promise<void>;
  /**
   * Puts a request for a mail of `kind` in the outbox; its handler makes the mail when it is sent, on the
   * worker's next poll rather than at once: a stranger may set it off, and a send right behind the answer would
   * fall on the stranger's next request, slower when the handler found an account to mail.
   */
  request(kind: string, to: string, tx?: DbOrTx): Promise<void>;
  /** Makes the mail of a requested `kind` at send time, or null when there is nothing to send. */
  handle(kind: string, render: (to: string) => Promise<RenderedRequest | null>): void;
  /** Removes every outbox row addressed to `to`, sent or not: a deleted account's mails are not kept. */
  forget(to: string, tx?: DbOrTx): Promise<void>;
}

export interface RenderedRequest {
  content: MailContent;
  attachments?: Attachment[];
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
    const transport = config.SMTP_URL
      ? nodemailer.createTransport({
          url: config.SMTP_URL,
          // Well inside the outbox lease, so a slow server cannot make another instance send the mail again.
          connectionTimeout: 20_000,
          greetingTimeout: 20_000,
          socketTimeout: 40_000,
        })
      : null;
    const handlers = new Map<string, (to: string) => Promise<RenderedRequest | null>>();
    const encode = (attachments: Attachment[]) =>
      attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content).toString('base64'),
      }));

    // A root span per mail sent, its id on the mail's log line. Root, not a child: the worker, woken by one
    // request, sends whatever is due, so the waking request is not the mail's cause.
    const deliver = (to: string, mail: Extract<OutboxPayload, { subject: string }>) =>
      context.with(ROOT_CONTEXT, () =>
        inSpan(
          app.tracer,
          'mail send',
          { 'mail.transport': transport ? 'smtp' : 'development-outbox' },
          (span) => deliverNow(to, mail, span ? { traceId: span.spanContext().traceId } : {}),
          SpanKind.PRODUCER,
          { root: true },
        ),
      );

    async function deliverNow(
      to: string,
      mail: Extract<OutboxPayload, { subject: string }>,
      trace: { traceId?: string },
    ) {
      if (transport) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          })),
        });
        app.log.info({ ...trace, mail: { to, subject: mail.subject } }, 'mail sent');
        return;
      }
      await outbox.add({ to, ...mail });
      // The development outbox prints each mail so a developer can follow links and codes locally.
      app.log.info({ ...trace, mail: { to, subject: mail.subject } }, `development outbox:\n${mail.text}`);
    }

    const worker = outboxWorker({
      db: app.db,
      log: app.log,
      pollMs: config.MAIL_OUTBOX_POLL_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      retentionDays: config.MAIL_OUTBOX_RETENTION_DAYS,
      async send(row) {
        if (row.kind === 'mail')
          return deliver(row.to, row.payload as Extract<OutboxPayload, { subject: string }>);
        const render = handlers.get(row.kind);
        if (!render) throw new Error(`no handler for mail kind ${row.kind}`);
        const made = await render(row.to);
        if (made)
          await deliver(row.to, { ...renderMail(made.content), attachments: encode(made.attachments ?? []) });
      },
    });

    app.decorate('mailer', {
      async send(to, content, attachments = [], tx) {
        await mailQueue(tx ?? app.db).add('mail', to, {
          ...renderMail(content),
          attachments: encode(attachments),
        });
        worker.wake();
      },
      async request(kind, to, tx) {
        await mailQueue(tx ?? app.db).add(kind, to, {});
      },
      handle(kind, render) {
        handlers.set(kind, render);
      },
      async forget(to, tx) {
        await mailQueue(tx ?? app.db).forget(to);
      },
    } satisfies Mailer);

    if (app.metrics) app.metrics.sources.outboxDepth = () => mailQueue(app.db).depth();
    app.addHook('onReady', async () => worker.start());
    // Registered after the database: stops before it closes, letting a send under way finish.
    app.addHook('onClose', async () => {
      await worker.stop();
      transport?.close();
    });

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
            response: { 200: fileAnswer('The attachment, with its own type') },
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
