import type { SafetyNoticeEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';

/**
 * How safety notices read in the audit report: which visitor (by id, never the email) was told of which documents'
 * new versions, and a notice the mailer refused.
 */
export const safetyNoticesVocabulary = auditVocabulary<SafetyNoticeEvent>([{ prefix: 'safety-notices-', type: 'safety revision notices' }], {
  SafetyNoticeSent: (d) => ({
    action: `Mailed visitor ${d.visitorId} a safety notice: ${d.documents.map((doc) => `document ${doc.supersededDocumentNumber} replaced by ${doc.documentNumber}`).join('; ')}`,
    subjectName: `Safety revision ${d.documentId}`,
  }),
  SafetyNoticeNotDelivered: (d) => ({
    action: `The safety notice to visitor ${d.visitorId} was not delivered (attempt ${d.attempt}); it is tried again`,
    subjectName: `Safety revision ${d.documentId}`,
  }),
});
