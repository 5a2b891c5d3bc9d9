import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the mailer keeps each message as an .eml file when no SMTP server is configured. */
export const outboxDirOf = (config: { DATA_DIR: string }) => join(config.DATA_DIR, 'mail');

const QUOTED_PRINTABLE_SOFT_BREAK = /=\r?\n/g;
const QUOTED_PRINTABLE_BYTE = /=([0-9A-Fa-f]{2})/g;
/** A run of lines that are base64 and nothing else (a part's body as nodemailer writes it). */
const BASE64_BLOCK = /(?:^[A-Za-z0-9+/]{8,}={0,2}\r?\n?)+/gm;

/**
 * An outbox file as its reader sees it: the raw text (headers and 7-bit parts), the quoted-printable parts decoded,
 * and the base64 parts decoded. nodemailer picks the transfer encoding by the text, so an address in a body may be in
 * any of them.
 */
export function readableText(raw: Buffer): string {
  const text = raw.toString('latin1');
  const quotedPrintable = Buffer.from(
    text.replace(QUOTED_PRINTABLE_SOFT_BREAK, '').replace(QUOTED_PRINTABLE_BYTE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  const base64 = (text.match(BASE64_BLOCK) ?? []).map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [raw.toString('utf8'), quotedPrintable, ...base64].join('\n');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether `text` names `email` (any case), as a whole address: not inside a longer one ("joann@…" for "ann@…"). */
export function namesAddress(text: string, email: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-])${escapeRegExp(email)}(?![A-Za-z0-9-]|\\.[A-Za-z0-9-])`, 'i').test(text);
}

/**
 * Deletes every message in the outbox that names `email` (as a recipient, as the reply-to of a contact message, or in
 * its text: a digest to the ADMINs): erasing a visitor erases the mail kept about them too. Answers how many files
 * were deleted; an outbox that does not exist has none.
 */
export async function forgetAddressInOutbox(outboxDir: string, email: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = join(outboxDir, name);
    if (namesAddress(readableText(await readFile(file)), email)) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
