import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { AUDIT_MESSAGES, type AuditReportEvent, auditReportStreamId, type AuditVerificationResponse, EMAIL_MAX, EMAIL_PATTERN } from '@ifu/contracts';
import { guards, perUserAndTotalLimit } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { Decider } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { originOf } from '../platform/http';
import { formatAuditDate, parseAuditDate } from './audit-dates';
import { verifyAndCheckpoint } from './checkpoints';
import { writeAuditCsv } from './report';
import type { AuditDictionary } from '../platform/audit-vocabulary';

const DAY_MS = 86_400_000;

/**
 * How often ADMINs may run the chain verification through the API: each run walks the whole
 * log and appends a checkpoint. `npm run audit:verify` on the server is not limited.
 */
export const AUDIT_VERIFY_LIMITS = { perUserPerHour: 10, totalPerHour: 30 } as const;

function dateParameter(value: unknown, name: 'from' | 'to'): Date {
  if (value === undefined || value === '') refuse('invalid-request', { message: `${name} is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)` });
  const date = typeof value === 'string' && value.length <= 20 ? parseAuditDate(value) : undefined;
  if (!date) refuse('invalid-request', { message: `${name} must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)` });
  return date;
}

/** `audit-report-<id>`: downloading the trail is itself an event. */
const auditReportDecider: Decider<{ type: 'RecordDownload' } & AuditReportEvent['data'], AuditReportEvent, { recorded: boolean }> = {
  name: 'audit-report',
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide: ({ type: _type, ...data }, state) => (state.recorded ? { events: [] } : { events: [{ type: 'AuditReportDownloaded', data }] }),
};

export function auditRoutes(ctx: AppContext, dictionary: AuditDictionary): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  // Re-walks the hash chain of the whole log, compares the earlier checkpoints and publishes a new signed one
  // (architecture §3, tamper evidence). Limited: each run costs a walk of the whole log and a checkpoint line.
  const verifyLimits = perUserAndTotalLimit(ctx.rateLimits, 'audit-verify', AUDIT_VERIFY_LIMITS, { code: 'audit-verify-limited', ...AUDIT_VERIFY_LIMITS });
  router.get('/audit/verify', ...adminOnly, ...verifyLimits, async (req, res) => {
    const result = await verifyAndCheckpoint(ctx.store, ctx.secrets.auditKey, ctx.config.AUDIT_CHECKPOINTS_FILE, ctx.clock());
    if (result.checkpoint) req.log.info({ checkpoint: result.checkpoint }, 'audit chain checkpoint');
    else req.log.error({ verification: result }, 'audit chain verification failed');
    res.json(result satisfies AuditVerificationResponse);
  });

  // The audit report (spec §7.1): every event of the inclusive UTC date range, from the log itself.
  router.get('/user/create/report', ...adminOnly, async (req, res) => {
    const from = dateParameter(req.query.from, 'from');
    const to = dateParameter(req.query.to, 'to');
    if (from.getTime() > to.getTime()) {
      // In the words of the dialog's fields (spec §2.3: Date Start, Date End), shown next to Date Start.
      refuse('invalid-request', { message: AUDIT_MESSAGES.rangeReversed, fields: [{ field: 'from', message: AUDIT_MESSAGES.rangeReversed }] });
    }
    const emailParameter = req.query.email;
    let email: string | undefined;
    if (emailParameter !== undefined && emailParameter !== '') {
      if (typeof emailParameter !== 'string' || emailParameter.length > EMAIL_MAX || !EMAIL_PATTERN.test(emailParameter)) {
        refuse('invalid-request', { message: 'email: Please enter valid email address.' });
      }
      email = emailParameter.trim();
    }
    const reportId = randomUUID();
    const fromText = formatAuditDate(from);
    const toText = formatAuditDate(to);
    const run = ctx.commands.begin(originOf(req));
    await run.execute({
      stream: auditReportStreamId(reportId),
      decider: auditReportDecider,
      command: { type: 'RecordDownload', reportId, from: fromText, to: toText, email: email ?? null },
    });

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
      dictionary,
      { from, toExclusive: new Date(to.getTime() + DAY_MS), actorEmail: email },
      res,
      () => closed,
    );
    req.log.info({ reportId, rows, from: fromText, to: toText }, 'audit report streamed');
    res.end();
  });
  return router;
}
