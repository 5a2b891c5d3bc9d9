import { randomUUID } from 'node:crypto';
import { type Request, Router } from 'express';
import {
  AUDIT_MESSAGES,
  AUDIT_REVIEW_MESSAGES,
  AUDIT_TRAIL_REVIEWS_STREAM,
  AuditRecordKind,
  type AuditTrailReview,
  type AuditTrailReviewEvent,
  type AuditTrailReviewsResponse,
  RecordHistoryQuery,
  type RecordHistoryResponse,
  ReviewAuditTrailRequest,
  type ReviewAuditTrailResponse,
} from '@ifu/contracts';
import type { RecordedEvent } from '@ifu/storage/event-store/event-store';
import { guards } from '../auth';
import { parseAuditDate } from '../audit';
import type { AuditDictionary } from '../platform/audit-vocabulary';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { parseBody, runCommand } from '../platform/http';
import { signed } from '../signatures';
import { auditReviewVocabulary } from './audit';
import { recordHistory } from './history';
import { auditTrailReviewsDecider, coverageOf, unreviewedStretches } from './review';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOTICE_NUMBER = /^[1-9]\d{0,8}$/;

const NOT_FOUND = {
  user: 'user-not-found',
  customer: 'customer-not-found',
  changeOrder: 'document-not-found',
  notice: 'notification-not-found',
} as const;

const badRequest = (field: string, message: string): never => refuse('invalid-request', { message, fields: [{ field, message }] });

/** The record named by the path, checked before anything reads the log: a kind the screen knows and an id of its shape. */
function recordOf(req: Request): { kind: AuditRecordKind; id: string } {
  const kind = AuditRecordKind.safeParse(req.params.kind);
  if (!kind.success) return badRequest('kind', `kind must be one of ${AuditRecordKind.options.join(', ')}`);
  const id = String(req.params.id ?? '');
  if (kind.data === 'notice') {
    if (id.length > 9 || !NOTICE_NUMBER.test(id)) return badRequest('id', 'id must be a notification number');
    return { kind: kind.data, id };
  }
  if (id.length !== 36 || !UUID.test(id)) return badRequest('id', 'id must be a record id (a UUID)');
  return { kind: kind.data, id: id.toLowerCase() };
}

function dayOf(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined || value === '') return undefined;
  return parseAuditDate(value) ?? badRequest(field, `${field} must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)`);
}

function reviewOf(event: RecordedEvent): AuditTrailReview {
  const data = (event as unknown as AuditTrailReviewEvent & { data: AuditTrailReviewEvent['data'] }).data;
  const coverage = coverageOf(data);
  return {
    reviewId: data.reviewId,
    from: data.from,
    to: data.to,
    comments: data.comments,
    signature: data.signature,
    coversFrom: new Date(coverage.from).toISOString(),
    coversUntil: new Date(coverage.until).toISOString(),
    position: event.position,
  };
}

/** The audit-trail review screen's API (ADMIN only): a record's history from the log, and the signed reviews. */
export function auditReviewRoutes(ctx: AppContext, dictionary: AuditDictionary): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  router.get('/audit/history/:kind/:id', ...adminOnly, async (req, res) => {
    const { kind, id } = recordOf(req);
    const query = parseBody(RecordHistoryQuery, { ...req.query });
    const from = dayOf(query.from, 'from');
    const to = dayOf(query.to, 'to');
    if (from && to && from.getTime() > to.getTime()) badRequest('from', AUDIT_MESSAGES.rangeReversed);
    const history = await recordHistory(ctx.store, dictionary, kind, id, {
      from,
      toExclusive: to ? new Date(to.getTime() + DAY_MS) : undefined,
      actorEmail: query.actor || undefined,
      type: query.type,
    });
    if (!history) refuse(NOT_FOUND[kind]);
    res.setHeader('Cache-Control', 'no-store');
    res.json(history satisfies RecordHistoryResponse);
  });

  router.get('/audit/reviews', ...adminOnly, async (_req, res) => {
    const [events, [first]] = await Promise.all([ctx.store.readStream(AUDIT_TRAIL_REVIEWS_STREAM), ctx.store.readAll(0, 1)]);
    const now = ctx.clock();
    const reviews = events.filter((event) => event.type === 'AuditTrailReviewed').map(reviewOf);
    const start = first ? Date.parse(first.recordedAt) : now.getTime();
    const unreviewed = unreviewedStretches(
      reviews.map((review) => ({ from: Date.parse(review.coversFrom), until: Date.parse(review.coversUntil) })),
      start,
      now.getTime(),
    ).map((gap) => ({ from: new Date(gap.from).toISOString(), until: new Date(gap.until).toISOString() }));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ reviews, unreviewed, firstEventAt: first?.recordedAt ?? null, now: now.toISOString() } satisfies AuditTrailReviewsResponse);
  });

  // The reviewer's signed statement (meaning `review`): the range is checked first (a refusal checks no password and
  // stores nothing), then the signature, then the review is recorded in the reviews' own stream.
  router.post('/audit/reviews', ...adminOnly, async (req, res) => {
    const { from, to, comments, username, password } = parseBody(ReviewAuditTrailRequest, req.body);
    const actor = req.auth!;
    const reviewId = randomUUID();
    // The reviews are read from their stream, not from a read model: nothing to wait for.
    const { result } = await runCommand(ctx, req, [], (run) =>
      signed(ctx, run, {
        stream: AUDIT_TRAIL_REVIEWS_STREAM,
        decider: auditTrailReviewsDecider,
        vocabulary: auditReviewVocabulary,
        meaning: 'review',
        signer: actor,
        credentials: { username, password },
        seenVersion: undefined,
        command: (signature, signer) => ({ type: 'ReviewAuditTrail' as const, reviewId, from, to, comments, now: run.now, signature, signerRole: signer.role }),
      }),
    );
    const [recorded] = await ctx.store.readStream(AUDIT_TRAIL_REVIEWS_STREAM, result.version - 1);
    if (!recorded) throw new Error('the signed review was not found in its stream after it was appended');
    res.json({ message: AUDIT_REVIEW_MESSAGES.reviewed, review: reviewOf(recorded) } satisfies ReviewAuditTrailResponse);
  });

  return router;
}
