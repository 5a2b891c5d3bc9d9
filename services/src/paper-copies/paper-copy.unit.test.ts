import { describe, expect, it } from 'vitest';
import { type PaperCopyEvent, PaperCopyRequestBody } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { AuditDictionary, auditWords } from '../platform/audit-vocabulary';
import { paperCopiesVocabulary } from './audit';
import { addCalendarDays, paperCopyDecider, paperCopyOverdueDecider, type PublicDocumentFacts, type RequestPaperCopy } from './paper-copy';

const spec = deciderSpec(paperCopyDecider);
const document: PublicDocumentFacts = { childDocumentId: 'child-1', documentNumber: 'CO-2026-00001-01', version: 2, docName: 'ifu.pdf', customerId: 'c-1' };
const sealed = { email: 'v1.sealed-email', name: 'v1.sealed-name', address: 'v1.sealed-address' };
const request = (overrides: Partial<RequestPaperCopy> = {}): RequestPaperCopy => ({
  type: 'RequestPaperCopy',
  requestId: 'r-1',
  reference: 'K7QM3RXT',
  visitorId: 'visitor-1',
  sealed,
  documentNumber: 'CO-2026-00001-01',
  version: 2,
  quantity: 3,
  document,
  now: new Date('2026-02-25T23:59:59Z'),
  ...overrides,
});
const requested: PaperCopyEvent = {
  type: 'PaperCopyRequested',
  data: {
    requestId: 'r-1',
    reference: 'K7QM3RXT',
    visitorId: 'visitor-1',
    ...sealed,
    childDocumentId: 'child-1',
    documentNumber: 'CO-2026-00001-01',
    version: 2,
    docName: 'ifu.pdf',
    customerId: 'c-1',
    quantity: 3,
    requestedOn: '2026-02-25',
    dueDate: '2026-03-04',
  },
};
const dispatch = { type: 'DispatchPaperCopy' as const, actorUserId: 'admin-1', actorName: 'Ada Admin', now: new Date('2026-02-27T10:00:00Z') };
const dispatched: PaperCopyEvent = {
  type: 'PaperCopyDispatched',
  data: { requestId: 'r-1', documentNumber: 'CO-2026-00001-01', dispatchedBy: 'admin-1', dispatchedByName: 'Ada Admin', dispatchedAt: '2026-02-27T10:00:00.000Z' },
};

describe('the paper-copy decider', () => {
  describe('requesting', () => {
    it('when the document is public at that version, then the request is recorded, due 7 calendar days after the (UTC) day it was made', () => {
      spec.given().when(request()).then([requested]);
    });
    it('when asked for on the last day of a month or of a leap February, then the due date runs into the next month', () => {
      expect(addCalendarDays('2026-12-28', 7)).toBe('2027-01-04');
      expect(addCalendarDays('2028-02-26', 7)).toBe('2028-03-04');
      const { decision } = spec.given().when(request({ now: new Date('2028-02-28T00:00:00Z') }));
      expect(decision.events[0]?.data).toMatchObject({ requestedOn: '2028-02-28', dueDate: '2028-03-06' });
    });
    it('when the document is not public today (or the facts name another one), then it is refused', () => {
      spec.given().when(request({ document: undefined })).thenRefuses({ code: 'paper-copy-document-not-public' });
      spec.given().when(request({ documentNumber: 'CO-2026-00001-02' })).thenRefuses({ code: 'paper-copy-document-not-public' });
    });
    it('when the version is not the one published today, then it is refused naming both', () => {
      spec.given().when(request({ version: 1 })).thenRefuses({ code: 'paper-copy-version-not-current', requested: 1, current: 2 });
    });
    it('when the id is taken, then it is refused', () => {
      spec.given(requested).when(request()).thenRefuses({ code: 'paper-copy-exists' });
    });
  });

  describe('dispatching', () => {
    it('records who dispatched it and when', () => {
      spec.given(requested).when(dispatch).then([dispatched]);
    });
    it('refuses a second dispatch and an unknown request', () => {
      spec.given(requested, dispatched).when(dispatch).thenRefuses({ code: 'paper-copy-already-dispatched' });
      spec.given().when(dispatch).thenRefuses({ code: 'paper-copy-request-not-found' });
    });
  });
});

describe('the daily overdue reminder', () => {
  const overdue = deciderSpec(paperCopyOverdueDecider);
  const notified = { type: 'PaperCopyOverdueNotified' as const, data: { day: '2026-03-05', requestIds: ['r-1'], recipients: 2 } };
  it('when requests are overdue and ADMINs can be told, then the day is recorded', () => {
    overdue.given().when({ type: 'NotifyOverdue', day: '2026-03-05', requestIds: ['r-1'], recipients: 2 }).then([notified]);
  });
  it('when the day was notified already, then nothing (not twice a day); the next day, again', () => {
    overdue.given(notified).when({ type: 'NotifyOverdue', day: '2026-03-05', requestIds: ['r-1', 'r-2'], recipients: 2 }).thenNothing();
    overdue.given(notified).when({ type: 'NotifyOverdue', day: '2026-03-06', requestIds: ['r-1'], recipients: 2 }).then([
      { type: 'PaperCopyOverdueNotified', data: { day: '2026-03-06', requestIds: ['r-1'], recipients: 2 } },
    ]);
  });
  it('when nothing is overdue or there is no ADMIN to tell, then nothing', () => {
    overdue.given().when({ type: 'NotifyOverdue', day: '2026-03-05', requestIds: [], recipients: 2 }).thenNothing();
    overdue.given().when({ type: 'NotifyOverdue', day: '2026-03-05', requestIds: ['r-1'], recipients: 0 }).thenNothing();
  });
});

describe('the request contract refuses hostile input cheaply', () => {
  const valid = { name: 'Vera', address: 'Street 1', email: 'vera@clinic.example', documentNumber: 'CO-2026-00001-01', version: 1, quantity: 1 };
  it.each([
    ['a 100 KB hostile email', { email: `a@${'.'.repeat(100_000)}@` }],
    ['a 100 KB address', { address: 'a'.repeat(100_000) }],
    ['a 100 KB name', { name: 'n'.repeat(100_000) }],
    ['a 100 KB document number', { documentNumber: `A${'-'.repeat(100_000)}!` }],
    ['a 100 KB quantity', { quantity: '1'.repeat(100_000) }],
  ])('when given %s, then it is refused for its length, before any pattern reads it', (_what, change) => {
    const result = PaperCopyRequestBody.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    // Refused for its length or type, never by a pattern that had to read 100 KB.
    expect(result.error?.issues.map((issue) => issue.code)).toEqual([expect.stringMatching(/^(too_big|invalid_type)$/)]);
  });
  it('when the input is well formed, then it is accepted (the refusals above are not of everything)', () => {
    expect(PaperCopyRequestBody.safeParse(valid).success).toBe(true);
  });
});

describe('how paper copies read in the audit report', () => {
  it('names the request, its dispatch and the day’s reminder, without the requester’s name or address', () => {
    // As the audit report writes dates (the spec's DD-MMM-YYYY).
    const words = auditWords('audit', () => undefined);
    const describe = (type: string, data: object) => new AuditDictionary([paperCopiesVocabulary]).describe({ type, data: data as Record<string, unknown> }, words);
    expect(describe('PaperCopyRequested', requested.data)).toEqual({ action: 'Requested 3 paper copies of document CO-2026-00001-01 version 2, due 04-Mar-2026', subjectName: 'Paper copy r-1' });
    expect(describe('PaperCopyDispatched', dispatched.data)).toEqual({
      action: 'Marked the paper copy of document CO-2026-00001-01 dispatched (by Ada Admin at 27-Feb-2026 10:00:00 UTC)',
      subjectName: 'Paper copy r-1',
    });
    expect(describe('PaperCopyOverdueNotified', { day: '2026-03-05', requestIds: ['r-1'], recipients: 1 })).toEqual({
      action: 'Mailed 1 ADMIN the 1 paper-copy request overdue on 05-Mar-2026',
      subjectName: 'Overdue paper copies 05-Mar-2026',
    });
  });
});
