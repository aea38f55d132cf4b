import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { renderMail } from '../lib/mail-template.js';
import type { Mailer } from '../plugins/mail.js';
import { outboxRepository } from '../plugins/mail-outbox.js';

/** The app's mail path for the command line: SMTP when configured, the development outbox otherwise. */
export function cliMailer(db: Db, config: Config): Mailer {
  return {
    async send(to, content) {
      const mail = renderMail(content);
      if (config.SMTP_URL) {
        const transport = nodemailer.createTransport(config.SMTP_URL);
        try {
          await transport.sendMail({ from: config.MAIL_FROM, to, ...mail });
        } finally {
          transport.close();
        }
        return;
      }
      await outboxRepository(db).add({ to, ...mail, attachments: [] });
    },
  };
}
