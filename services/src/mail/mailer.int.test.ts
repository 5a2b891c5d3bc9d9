import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { createMailer } from './mailer';
import { expectSome } from '../../../test-support/list-expectations';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];
  let outbox: string;

  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'ifu-mail-'));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(outbox, { recursive: true, force: true });
  });

  it('when SMTP_URL points at a server, then the message goes through a real SMTP conversation', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'IFU Portal <no-reply@ifu-portal.test>',
      outboxDir: outbox,
      logger: createLogger('silent'),
    });
    await mailer.send({
      to: 'approver@example.com',
      subject: 'Set your password',
      text: 'Open http://localhost:3000/user/setpassword/abc123 within 24 hours.',
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@ifu-portal.test');
    expect(received[0]!.to).toEqual(['approver@example.com']);
    expect(received[0]!.raw).toContain('Subject: Set your password');
    expect(received[0]!.raw).toContain('http://localhost:3000/user/setpassword/abc123');
    expect(mailer.description).toBe(`SMTP 127.0.0.1:${port}`);
  });

  it('when the SMTP server cannot be reached, then sending fails instead of losing the message silently', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.test', outboxDir: outbox, logger: createLogger('silent') });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('when no SMTP_URL is set, then each message is written as an .eml file only its owner reads, and its links are logged without their tokens', async () => {
    const lines: string[] = [];
    const logger = createLogger('info');
    const info = logger.info.bind(logger);
    logger.info = ((obj: unknown, msg?: string) => {
      lines.push(JSON.stringify({ obj, msg }));
      return info(obj as object, msg);
    }) as typeof logger.info;
    const mailer = createMailer({ from: 'IFU Portal <no-reply@ifu-portal.test>', outboxDir: outbox, logger });
    const token = 'Kn1vzLwp4eF72ZhzJ5EKcsG0f1I7VPojobZoUdxHG-A';
    await mailer.send({
      to: 'visitor@example.com',
      subject: 'Your search link',
      text: `Search here: http://localhost:3001/customerDocSearch?x=1\nOr set a password: http://localhost:3000/user/setpassword/${token}`,
    });
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    // nodemailer writes longer text as quoted-printable: undo its soft line breaks and =XX escapes.
    const eml = readFileSync(join(outbox, files[0]!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(eml).toContain('To: visitor@example.com');
    expect(eml).toContain('http://localhost:3001/customerDocSearch?x=1');
    expect(statSync(join(outbox, files[0]!)).mode & 0o777).toBe(0o600);
    // The log names the links (never the token or query they carry: a log reader must not be able to follow them).
    expectSome(lines, (l) => l.includes('http://localhost:3001/customerDocSearch?[redacted]'));
    expectSome(lines, (l) => l.includes('http://localhost:3000/user/setpassword/[redacted]'));
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('x=1');
  });

  it("when the recipient is a public visitor, then no log line names their address (SMTP or outbox), and a reply-to goes into the message", async () => {
    const lines: string[] = [];
    const logger = createLogger('info');
    const info = logger.info.bind(logger);
    logger.info = ((obj: unknown, msg?: string) => {
      lines.push(JSON.stringify({ obj, msg }));
      return info(obj as object, msg);
    }) as typeof logger.info;
    const ownOutbox = mkdtempSync(join(tmpdir(), 'ifu-mail-'));
    try {
      const message = { to: 'private.visitor@example.com', visitor: true, replyTo: 'reply.here@example.com', subject: 'Your search link', text: 'Search here.' };
      const smtp = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'IFU Portal <no-reply@ifu-portal.test>', outboxDir: ownOutbox, logger });
      await smtp.send(message);
      smtp.close();
      await createMailer({ from: 'IFU Portal <no-reply@ifu-portal.test>', outboxDir: ownOutbox, logger }).send(message);
      expect(received.at(-1)!.to).toEqual(['private.visitor@example.com']);
      expect(received.at(-1)!.raw).toContain('Reply-To: reply.here@example.com');
      expect(received.at(-1)!.raw).not.toMatch(/^visitor:/im);
      const eml = readFileSync(join(ownOutbox, readdirSync(ownOutbox).find((f) => f.endsWith('.eml'))!), 'utf8');
      expect(eml).toContain('To: private.visitor@example.com');
      expect(lines).toHaveLength(2);
      expect(lines.join('\n')).not.toContain('private.visitor');
      expect(lines.join('\n')).toContain('[visitor]');
    } finally {
      rmSync(ownOutbox, { recursive: true, force: true });
    }
  });
});
