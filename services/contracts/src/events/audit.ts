/** `audit-report-<id>`: downloading the audit trail is itself audited. */
export type AuditReportEvent = {
  type: 'AuditReportDownloaded';
  data: { reportId: string; from: string; to: string; email: string | null };
};
export const auditReportStreamId = (reportId: string) => `audit-report-${reportId}`;
