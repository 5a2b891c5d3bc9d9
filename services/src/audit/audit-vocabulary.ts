import type { AuditReportEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';

export const auditReportVocabulary = auditVocabulary<AuditReportEvent>([{ prefix: 'audit-report-', type: 'audit report' }], {
  AuditReportDownloaded: (d) => ({ action: `Downloaded the audit report ${d.from} to ${d.to}${d.email ? ` for ${d.email}` : ''}` }),
});
