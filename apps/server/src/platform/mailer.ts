import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Embedded mode: mails are stored in outbox_emails and logged, so a developer can follow links. */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await db
        .insert(outboxEmails)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail stored in the dev outbox');
    },
    async close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
