import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type AuditReportEvent, EMAIL_PATTERN } from '@ifu/contracts';
import type { AppContext } from '../platform/app-context';
import { badRequest } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { authenticate, requireRole } from '../users/authentication';
import { formatAuditDate, parseAuditDate } from './audit-dates';
import { writeAuditCsv } from './report';

const DAY_MS = 86_400_000;

function dateParameter(value: unknown, name: 'from' | 'to'): Date {
  if (value === undefined || value === '') throw badRequest(`${name} is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)`);
  const date = typeof value === 'string' ? parseAuditDate(value) : undefined;
  if (!date) throw badRequest(`${name} must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)`);
  return date;
}

export function auditRoutes(ctx: AppContext): Router {
  const router = Router();
  const adminOnly = [authenticate(ctx), requireRole('ADMIN')];

  // Re-walks the hash chain of the whole log (architecture §3, tamper evidence).
  router.get('/audit/verify', ...adminOnly, async (_req, res) => {
    res.json(await ctx.store.verifyChain());
  });

  // The audit report (spec §7.1): every event of the inclusive UTC date range, from the log itself.
  router.get('/user/create/report', ...adminOnly, async (req, res) => {
    const from = dateParameter(req.query.from, 'from');
    const to = dateParameter(req.query.to, 'to');
    if (from.getTime() > to.getTime()) throw badRequest('from must not be after to');
    const emailParameter = req.query.email;
    let email: string | undefined;
    if (emailParameter !== undefined && emailParameter !== '') {
      if (typeof emailParameter !== 'string' || !EMAIL_PATTERN.test(emailParameter)) {
        throw badRequest('email: Please enter valid email address.');
      }
      email = emailParameter.trim();
    }
    const reportId = randomUUID();
    const fromText = formatAuditDate(from);
    const toText = formatAuditDate(to);
    const event: AuditReportEvent = { type: 'AuditReportDownloaded', data: { reportId, from: fromText, to: toText, email: email ?? null } };
    await ctx.store.append(`audit-report-${reportId}`, [{ ...event, metadata: eventMetadata(req, ctx.clock()) }], 0);

    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="audit-report_${fromText}_${toText}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const rows = await writeAuditCsv(
      ctx.store,
      ctx.db,
      { from, toExclusive: new Date(to.getTime() + DAY_MS), actorEmail: email },
      res,
      () => closed,
    );
    req.log.info({ reportId, rows, from: fromText, to: toText }, 'audit report streamed');
    res.end();
  });
  return router;
}
