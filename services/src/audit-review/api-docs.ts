import { z } from 'zod';
import { AuditRecordKind, AuditTrailReviewsResponse, RecordHistoryQuery, RecordHistoryResponse, ReviewAuditTrailRequest, ReviewAuditTrailResponse } from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const auditReviewApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/audit/history/:kind/:id',
    access: 'admin',
    summary: "A record's whole history from the log: each event with who, when, what changed (old → new), why, its signature and its chain position",
    params: z.object({ kind: AuditRecordKind, id: z.string().max(36).meta({ description: 'A UUID; a notification number for kind notice' }) }),
    query: RecordHistoryQuery,
    response: RecordHistoryResponse,
  },
  { method: 'get', path: '/audit/reviews', access: 'admin', summary: 'The signed audit-trail reviews, and the stretches of time no review covers', response: AuditTrailReviewsResponse },
  {
    method: 'post',
    path: '/audit/reviews',
    access: 'admin',
    summary: 'Signs (meaning review) that the audit trail of an inclusive UTC date range was reviewed',
    body: ReviewAuditTrailRequest,
    response: ReviewAuditTrailResponse,
  },
];
