import type { PaperCopyEvent, PaperCopyOverdueEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';

const copies = (n: number) => `${n} paper ${n === 1 ? 'copy' : 'copies'}`;

/**
 * How paper copies read in the audit report: the request (the requester is the actor, their email opened with their
 * key or 'erased visitor'), its dispatch and the daily reminders. No name or address of a requester.
 */
export const paperCopiesVocabulary = auditVocabulary<PaperCopyEvent | PaperCopyOverdueEvent>(
  [
    { prefix: 'paper-copy-overdue-notices', type: 'paper copy reminders' },
    { prefix: 'paper-copy-', type: 'paper copy request' },
  ],
  {
    PaperCopyRequested: (d) => ({
      action: `Requested ${copies(d.quantity)} of document ${d.documentNumber} version ${d.version}, due ${d.dueDate}`,
      subjectName: `Paper copy ${d.requestId}`,
    }),
    PaperCopyDispatched: (d) => ({
      action: `Marked the paper copy of document ${d.documentNumber} dispatched (by ${d.dispatchedByName} at ${d.dispatchedAt})`,
      subjectName: `Paper copy ${d.requestId}`,
    }),
    PaperCopyOverdueNotified: (d) => ({
      action: `Mailed ${d.recipients} ADMIN${d.recipients === 1 ? '' : 's'} the ${d.requestIds.length} paper-copy request${d.requestIds.length === 1 ? '' : 's'} overdue on ${d.day}`,
      subjectName: `Overdue paper copies ${d.day}`,
    }),
  },
);
