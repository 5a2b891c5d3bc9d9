import { describe, expect, it } from 'vitest';
import { SAFETY_NOTICE_ATTEMPTS, type SafetyNoticeEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { safetyNoticesVocabulary } from './audit';
import { type RevisionFacts, safetyNoticeDecider, type SendSafetyNotice } from './safety-notice';

const spec = deciderSpec(safetyNoticeDecider);
const revision: RevisionFacts = {
  parentChangeId: 'p-1',
  documentId: 'CO-2026-00007',
  status: 'APPROVED',
  active: true,
  safetyRevision: true,
  isInternal: false,
  effectiveDate: '2026-03-01',
};
const documents = [
  {
    supersededChildId: 'old-1',
    supersededDocumentNumber: 'CO-2026-00003-01',
    childDocumentId: 'new-1',
    documentNumber: 'CO-2026-00007-01',
    productFamilyName: 'Cardio Stent',
    partNumber: 'PN-5',
  },
];
const send = (overrides: Partial<SendSafetyNotice> = {}): SendSafetyNotice => ({ type: 'SendSafetyNotice', revision, visitorId: 'v-1', documents, today: '2026-03-01', ...overrides });
const sent: SafetyNoticeEvent = { type: 'SafetyNoticeSent', data: { parentChangeId: 'p-1', documentId: 'CO-2026-00007', visitorId: 'v-1', documents } };
const undelivered = (attempt: number): SafetyNoticeEvent => ({ type: 'SafetyNoticeNotDelivered', data: { parentChangeId: 'p-1', documentId: 'CO-2026-00007', visitorId: 'v-1', attempt } });

describe('safety notices', () => {
  it('given no notice yet, when a visitor of a superseded version is due one on the effective day, then it is recorded by visitor id', () => {
    spec.given().when(send()).then([sent]);
  });

  it('given a notice to the visitor, when the job runs again, then nothing (one notice a visitor and revision)', () => {
    spec.given(sent).when(send()).thenNothing();
  });

  it('given a notice to another visitor, then this visitor still gets theirs', () => {
    spec.given(sent).when(send({ visitorId: 'v-2' })).then([{ ...sent, data: { ...sent.data, visitorId: 'v-2' } }]);
  });

  it.each([
    ['the day before it takes effect', { today: '2026-02-28' }],
    ['no safety revision', { revision: { ...revision, safetyRevision: false } }],
    ['not approved', { revision: { ...revision, status: 'REQUIRE_APPROVAL' } }],
    ['deactivated', { revision: { ...revision, active: false } }],
    ['Offline', { revision: { ...revision, isInternal: true } }],
    ['an unknown change order', { revision: undefined }],
    ['no document to name', { documents: [] }],
  ] as Array<[string, Partial<SendSafetyNotice>]>)('%s: nothing is recorded', (_what, overrides) => {
    spec.given().when(send(overrides)).thenNothing();
  });

  it('given a notice the mailer refused, then the next run records it again, up to the attempts allowed', () => {
    spec.given(sent).when({ type: 'RecordUndelivered', parentChangeId: 'p-1', documentId: 'CO-2026-00007', visitorId: 'v-1' }).then([undelivered(1)]);
    spec.given(sent, undelivered(1)).when(send()).then([sent]);
    const exhausted = Array.from({ length: SAFETY_NOTICE_ATTEMPTS }, (_, i) => [sent, undelivered(i + 1)]).flat();
    spec.given(...exhausted).when(send()).thenNothing();
  });

  it('given no notice recorded, when a refusal is reported, then nothing', () => {
    spec.given().when({ type: 'RecordUndelivered', parentChangeId: 'p-1', documentId: 'CO-2026-00007', visitorId: 'v-1' }).thenNothing();
  });

  it('the audit report names the visitor by id and the documents, never an address', () => {
    const line = (safetyNoticesVocabulary.describers.SafetyNoticeSent as (d: unknown) => { action: string; subjectName?: string })(sent.data);
    expect(line).toEqual({
      action: 'Mailed visitor v-1 a safety notice: document CO-2026-00003-01 replaced by CO-2026-00007-01',
      subjectName: 'Safety revision CO-2026-00007',
    });
  });
});
