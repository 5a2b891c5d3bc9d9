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
    PaperCopyRequested: (d, words) => ({
      action: `Requested ${copies(d.quantity)} of document ${d.documentNumber} version ${d.version}, due ${words.day(d.dueDate)}`,
      subjectName: `Paper copy ${d.requestId}`,
    }),
    PaperCopyDispatched: (d, words) => ({
      action: `Marked the paper copy of document ${d.documentNumber} dispatched (by ${d.dispatchedByName} at ${words.time(d.dispatchedAt)})`,
      subjectName: `Paper copy ${d.requestId}`,
    }),
    PaperCopyOverdueNotified: (d, words) => ({
      action: `Mailed ${d.recipients} ADMIN${d.recipients === 1 ? '' : 's'} the ${d.requestIds.length} paper-copy request${d.requestIds.length === 1 ? '' : 's'} overdue on ${words.day(d.day)}`,
      subjectName: `Overdue paper copies ${words.day(d.day)}`,
    }),
  },
);
