import { useMutation } from '@tanstack/react-query';
import { format } from 'date-fns';

import { api, saveFile } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Dates are sent as DD-MMM-YYYY (spec §9), e.g. 21-Nov-2026. */
export const AUDIT_DATE_FORMAT = 'dd-MMM-yyyy';
export const AUDIT_REPORT_FALLBACK_NAME = 'audit-report.csv';

export type AuditReportRange = { from: Date; to: Date };

/** GET /user/create/report?from=&to=: the audit CSV of the date range, with the bearer token. */
export const getAuditReport = ({ from, to }: AuditReportRange) =>
  api.getFile('/user/create/report', {
    params: { from: format(from, AUDIT_DATE_FORMAT), to: format(to, AUDIT_DATE_FORMAT) },
    accept: 'text/csv, application/json',
  });

/** Fetches the report and saves it under the name the server gives (or audit-report.csv). */
export const downloadAuditReport = async ({ range }: { range: AuditReportRange }) => {
  const file = await getAuditReport(range);
  saveFile(file, AUDIT_REPORT_FALLBACK_NAME);
  return file;
};

type UseDownloadAuditReportOptions = { mutationConfig?: MutationConfig<typeof downloadAuditReport> };

export const useDownloadAuditReport = ({ mutationConfig }: UseDownloadAuditReportOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: downloadAuditReport });
