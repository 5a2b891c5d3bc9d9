import { AuditReportQuery, AuditVerificationResponse } from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const auditApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/audit/verify',
    access: 'admin',
    summary: "Re-walks the log's hash chain, compares the earlier checkpoints and appends a signed one (10 an hour per ADMIN)",
    response: AuditVerificationResponse,
  },
  {
    method: 'get',
    path: '/user/create/report',
    access: 'admin',
    summary: 'The audit report: every event of the date range as CSV, streamed from the log',
    query: AuditReportQuery,
    response: { mediaTypes: ['text/csv'], description: 'The report (Content-Disposition: attachment)' },
  },
];
