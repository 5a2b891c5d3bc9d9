import { Router } from 'express';
import { ContactUsBody } from '@ifu/contracts';
import { type MessageOnlyResponse, PUBLIC_MESSAGES } from '@ifu/contracts/public';
import { listActiveAdmins } from '@ifu/projections';
import { perIpLimit } from '../auth';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { parseBody } from '../platform/http';

/** Contact messages per caller address per 15 minutes: each one mails every active ADMIN (architecture §6). */
export const CONTACT_LIMIT_PER_IP = 5;

/** The subject of every contact mail: ours, never the visitor's (theirs is in the body, labelled). */
export const CONTACT_SUBJECT = 'IFU Portal: a message from the Contact US form';

/**
 * The Contact US form (spec §2.1, §3 contact message, §5): the visitor's message is mailed to every active ADMIN,
 * replies going to the visitor. Nothing is stored: no event holds the visitor's name, address, phone or words
 * (architecture §6); the mail is the only copy.
 */
export function contactRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/module2/contactUs', perIpLimit(ctx.rateLimits, 'contact', CONTACT_LIMIT_PER_IP), async (req, res) => {
    const message = parseBody(ContactUsBody, req.body);
    const sent: MessageOnlyResponse = { message: PUBLIC_MESSAGES.contactSent };
    // The honeypot: the page hides `website` from people, so whatever fills it is a robot. It is told what a person
    // is told, and nothing is sent.
    if (message.website !== undefined && message.website.trim() !== '') {
      res.json(sent);
      return;
    }
    const admins = await listActiveAdmins(ctx.db);
    // The visitor's words, each labelled as theirs: in the body only. The subject is our own text,
    // so no visitor text (a link, a phrase posing as ours) reaches a mail's Subject line.
    const visitorWrote = [
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      `Phone number: ${message.phoneNumber}`,
      `Subject (as the visitor wrote it): ${message.subject}`,
      'Message (as the visitor wrote it):',
      message.textField,
    ].join('\n');
    // Past the hour's budget of these mails (over every caller), the message waits for the digest to the ADMINs.
    if (!(await ctx.anonymousMail.take('contact', admins.length))) {
      ctx.anonymousMail.hold('contact', visitorWrote);
      res.json(sent);
      return;
    }
    const results = await Promise.allSettled(
      admins.map((admin) =>
        ctx.mailer.send({
          to: admin.email,
          // The visitor's address was checked by the email rule (no line breaks, no URL); replies go to it.
          replyTo: message.email,
          subject: CONTACT_SUBJECT,
          text: [
            `Hello ${admin.firstName} ${admin.lastName},`,
            '',
            'A visitor sent this message through the Contact US form of the public portal. Their details have not been verified.',
            '',
            visitorWrote,
            '',
            'Reply to this mail to answer the visitor.',
            '',
            'IFU Portal',
          ].join('\n'),
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    // Only the count: a mail server's message may quote the visitor's address.
    if (failed > 0) req.log.error({ failed, admins: admins.length }, 'contact message not delivered to every administrator');
    // Answered as sent once one administrator has it; with no administrator reached, the visitor is told to retry.
    if (admins.length === 0 || failed === admins.length) refuse('contact-failed');
    res.json(sent);
  });
  return router;
}
