import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../platform/logger';
import type { MailMessage, Mailer } from '../platform/ports';

export type { MailMessage, Mailer };

/** Shows a person at the terminal that a message went to the outbox, and its links. */
export type MailAnnouncer = (mail: { to: string; subject: string; links: string[]; file: string }) => void;

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** With no SMTP server, each message is written here as an .eml file. */
  outboxDir: string;
  logger: Logger;
  announce?: MailAnnouncer;
}

/** What a log line shows instead of a public visitor's address. */
const VISITOR = '[visitor]';
const LINK = /https?:\/\/[^\s<>"]+/g;

/** A link as a log line may show it: the last path segment and the query (where tokens travel) hidden. */
export const redactToken = (link: string) => link.replace(/\?.*$/, '?[redacted]').replace(/\/[\w-]{20,}$/, '/[redacted]');

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const where = new URL(options.smtpUrl);
    return {
      description: `SMTP ${where.hostname}:${where.port || '25'}`,
      async send({ visitor, ...message }) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: visitor ? VISITOR : message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  // No mail server configured: keep each message as a file, and log its links so a newcomer can follow them.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${options.outboxDir}`,
    async send({ visitor, ...message }) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const id = String(info.messageId).replace(/[^\w.-]/g, '');
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      // Only this user may read it: it can hold a live set-password link.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = message.text.match(LINK) ?? [];
      // Shown to the person at the terminal when there is one; a log line otherwise.
      const to = visitor ? VISITOR : message.to;
      if (options.announce) options.announce({ to: String(to), subject: message.subject, links, file });
      else options.logger.info({ to, subject: message.subject, file, links: links.map(redactToken) }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
