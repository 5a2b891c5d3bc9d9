import { type ChangeOrderNumberEvent, type DocumentEvent, type DocumentFileEvent, type DocumentUploadEvent, documentStreamId, type FieldChange } from '@ifu/contracts';
import { auditVocabulary, type AuditWords, type RecordNamer } from '../platform/audit-vocabulary';

/**
 * 'Keywords: "old" → "new"; Country: "Germany" → "Germany, France"; Approver: "Alma Approver" → "Max Admin"': what
 * a change altered, each field by its label, old and new as they read (names, not ids).
 */
const changeList = (words: AuditWords, changes: readonly FieldChange[]) =>
  changes
    .map((c) => `${words.label('changeOrder', c.field)}: "${words.value('changeOrder', c.field, c.old).slice(0, 80)}" → "${words.value('changeOrder', c.field, c.new).slice(0, 80)}"`)
    .join('; ') || 'no field changed';

/** A change order is named by its stream: its number and product name, as created and as each edit renamed it. */
const changeOrderNamer: RecordNamer = {
  kind: 'changeOrder',
  stream: documentStreamId,
  nameOf: (event) => {
    const e = event as DocumentEvent;
    return e.type === 'ChangeOrderCreated' || e.type === 'ChangeOrderUpdated' ? `${e.data.documentId} ${e.data.details.productFamilyName}` : undefined;
  },
};

/** What the audit trail says where a reason could be given and was not (the spec's own payload has no field for it). */
export const REASON_NOT_GIVEN = 'not given';

/** How the documents feature's events read in the audit report. */
export const documentsVocabulary = auditVocabulary<DocumentEvent | DocumentUploadEvent | ChangeOrderNumberEvent | DocumentFileEvent>(
  [
    { prefix: 'document-upload-', type: 'document upload' },
    { prefix: 'document-files-', type: 'document downloads' },
    { prefix: 'document-', type: 'change order' },
    { prefix: 'change-order-numbers', type: 'change order numbers' },
  ],
  {
    ChangeOrderNumberAssigned: (d) => ({ action: `Assigned change order number ${d.documentId}`, subjectName: d.documentId }),
    DocumentFilesUploaded: (d) => ({
      action: `Uploaded ${d.files.length} file(s) for a ${d.kind} document: ${d.files.map((f) => `${f.docName} (sha256 ${f.sha256})`).join(', ')}`,
    }),
    DocumentUploadUsed: (d, words) => ({ action: `Upload used by change order ${words.name('changeOrder', d.parentChangeId)}` }),
    DocumentUploadReleased: (d, words) => ({ action: `Upload released by change order ${words.name('changeOrder', d.parentChangeId)}` }),
    ChangeOrderCreated: (d, words) => ({
      action: `Created change order ${d.documentId} (${d.details.productFamilyName}) for customer ${words.name('customer', d.details.customerId)}, approver ${words.name(
        'user',
        d.details.approverId,
      )}, with ${d.files.length} supporting file(s)${
        d.revises ? `, a revision of ${d.revisesApproved ? 'approved' : 'rejected'} change order ${d.revises.documentId}` : ''
      } (electronic signature)${
        d.delegatedFrom ? `; the approver chosen (${words.name('user', d.delegatedFrom)}) is absent, so it went to their delegate (${words.name('user', d.details.approverId)})` : ''
      }`,
      subjectName: d.documentId,
    }),
    ChildDocumentAdded: (d) => ({
      action: `Added child document ${d.child.documentNumber} (${d.child.associatedReferenceNumber}, file sha256 ${d.child.file.sha256}) (electronic signature)`,
      subjectName: d.documentId,
    }),
    ChangeOrderUpdated: (d, words) => ({
      action: `Edited change order: ${changeList(words, d.changes)} (electronic signature)${
        d.delegatedFrom ? `; the approver chosen (${words.name('user', d.delegatedFrom)}) is absent, so it went to their delegate (${words.name('user', d.details.approverId)})` : ''
      }`,
      subjectName: d.documentId,
    }),
    ChangeOrderApproverReassigned: (d, words) => ({
      action: `Reassigned the approver of change order ${d.documentId} from ${words.name('user', d.from)} to ${words.name('user', d.to)}${
        d.delegatedFrom ? ` (the delegate of ${words.name('user', d.delegatedFrom)}, who is absent)` : ''
      } (electronic signature)`,
      subjectName: d.documentId,
      reason: d.reason,
    }),
    ChangeOrderLogoChanged: (d) => ({ action: `Changed the change order's logo (electronic signature)`, subjectName: d.documentId }),
    SupportingFilesAdded: (d) => ({
      action: `Added supporting file(s) ${d.files.map((f) => `${f.docName} (sha256 ${f.sha256})`).join(', ')} (electronic signature)`,
      subjectName: d.documentId,
    }),
    SupportingFileDeleted: (d) => ({ action: `Deleted supporting file ${d.file.docName} (sha256 ${d.file.sha256}) (electronic signature)`, subjectName: d.documentId }),
    ChildDocumentUpdated: (d, words) => ({ action: `Edited child document ${d.documentNumber}: ${changeList(words, d.changes)} (electronic signature)`, subjectName: d.documentId }),
    ChildDocumentDeactivated: (d, words) => ({
      action: `Deactivated child document ${d.documentNumber}, obsolete from ${words.day(d.obsoleteDate)} (electronic signature)`,
      subjectName: d.documentId,
      ...(d.reason ? { reason: d.reason } : {}),
    }),
    ChangeOrderDeactivated: (d) => ({ action: `Deactivated change order ${d.documentId} (electronic signature)`, subjectName: d.documentId }),
    ChangeOrderApproved: (d, words) => ({
      action: `Approved change order ${d.documentId} (electronic signature)${d.reviewDate ? `; periodic review due ${words.day(d.reviewDate)}` : ''}`,
      subjectName: d.documentId,
      ...(d.reason ? { reason: d.reason } : {}),
    }),
    ChangeOrderAccessibilityChanged: (d) => ({
      action: `Switched change order ${d.documentId} ${d.isInternal ? 'Offline' : 'Online'} (was ${d.previous ? 'Offline' : 'Online'})${d.signature ? " (approver's electronic signature)" : ''}`,
      subjectName: d.documentId,
      reason: d.reason || REASON_NOT_GIVEN,
    }),
    ChangeOrderAccessibilityProposed: (d) => ({
      action: `Requested switching change order ${d.documentId} ${d.isInternal ? 'Offline' : 'Online'} (now ${d.previous ? 'Offline' : 'Online'}), pending the approver's signature`,
      subjectName: d.documentId,
      reason: d.reason,
    }),
    ChangeOrderAccessibilityRejected: (d) => ({
      action: `Rejected switching change order ${d.documentId} ${d.isInternal ? 'Offline' : 'Online'} (electronic signature)`,
      subjectName: d.documentId,
      reason: d.reason,
    }),
    DocumentFileDownloaded: (d) => ({
      action: `Downloaded ${d.documentNumber ? `child document ${d.documentNumber}` : 'supporting file'} ${d.docName} (sha256 ${d.sha256})${
        d.purpose === 'manifest' ? ' with its signature manifest' : ''
      }`,
      subjectName: d.documentId,
    }),
    ChangeOrderRevised: (d) => ({
      action:
        d.after === 'periodic-review'
          ? `Revision of approved change order ${d.documentId} after its periodic review started as ${d.revision.documentId}`
          : `Revision of rejected change order ${d.documentId} started as ${d.revision.documentId}`,
      subjectName: d.documentId,
    }),
    PeriodicReviewDateChanged: (d, words) => ({
      action: `Changed the periodic review date of change order ${d.documentId} to ${words.day(d.reviewDate)} (was ${d.previous ? words.day(d.previous) : 'none'})`,
      subjectName: d.documentId,
      reason: d.reason,
    }),
    PeriodicReviewReminderSent: (d, words) => ({
      action: `Mailed the ${d.reminder === 'upcoming' ? '30-day' : 'due-date'} reminder of the periodic review of change order ${d.documentId} (due ${words.day(d.reviewDate)}) to ${d.recipients.length} recipient(s)`,
      subjectName: d.documentId,
    }),
    PeriodicReviewCompleted: (d, words) => ({
      action: `Completed the periodic review of change order ${d.documentId}: ${
        d.outcome === 'still-valid' ? `still valid, next review due ${d.nextReviewDate ? words.day(d.nextReviewDate) : ''}` : 'to be revised (revise and resubmit opened)'
      } (electronic signature)`,
      subjectName: d.documentId,
      ...(d.comments ? { reason: d.comments } : {}),
    }),
    ChangeOrderRejected: (d) => ({ action: `Rejected change order ${d.documentId} (electronic signature)`, subjectName: d.documentId, reason: d.reason }),
  },
  [changeOrderNamer],
);
