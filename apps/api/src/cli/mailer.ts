import type { Db } from '../db/client.js';
import { renderMail } from '../lib/mail-template.js';
import type { Mailer } from '../plugins/mail.js';
import { mailQueue } from '../plugins/mail-queue.js';

/**
 * The app's mail path for the command line: mails join the same outbox as the server's, so a running
 * instance's worker sends them (with its retries) and the command never talks to SMTP itself.
 */
export function cliMailer(db: Db): Mailer {
  return {
    async send(to, content, attachments = [], tx) {
      await mailQueue(tx ?? db).add('mail', to, {
        ...renderMail(content),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content).toString('base64'),
        })),
      });
    },
    async request(kind, to, tx) {
      await mailQueue(tx ?? db).add(kind, to, {});
    },
    handle() {
      // Mails made at send time are made by the server's worker, which registers their handlers.
    },
    async forget(to, tx) {
      await mailQueue(tx ?? db).forget(to);
    },
  };
}
