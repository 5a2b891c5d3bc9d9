import { describe, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import { admin, at, child, created, details, file, sign, signed, create } from '../change-order.fixtures';
import { authoringDecider, type UpdateParent } from './rules';

const spec = deciderSpec(authoringDecider);
const today = at.slice(0, 10);
/** An approver away today, who named `deputy` (or another) as their delegate. */
const away = (delegateId = 'deputy'): ApproverFacts => ({ ...admin('away'), absence: { from: today, until: '2026-11-30', delegateId } });

const createdFor = (approverId: string, delegatedFrom?: string): DocumentEvent => ({
  type: 'ChangeOrderCreated',
  data: {
    ...signed,
    approvalRoutingNumber: 'AR-2026-00042',
    details: { ...details, approverId },
    logo: file('logo'),
    files: [file('a')],
    createdBy: 'author',
    ...(delegatedFrom ? { delegatedFrom } : {}),
  },
});
const firstChild: DocumentEvent = {
  type: 'ChildDocumentAdded',
  data: { ...signed, child: { ...child, childDocumentId: 'k1', file: file('ifu'), documentNumber: 'CO-2026-00042-01' }, editedBy: 'author' },
};

describe('an absent approver’s delegate takes what is submitted to them', () => {
  it('given an approver absent today, when a change order is submitted to them, then their delegate is its approver and the event names the absent one', () => {
    spec
      .given()
      .when(create({ details: { ...details, approverId: 'away' }, approver: away(), routing: { today, delegate: admin('deputy') } }))
      .then([createdFor('deputy', 'away'), firstChild]);
  });

  it('given an approver absent today whose delegate may not approve it (its author, not an ADMIN, inactive), then it stays with the approver chosen', () => {
    const to = { details: { ...details, approverId: 'away' } };
    spec.given().when(create({ ...to, approver: away('author'), routing: { today, delegate: admin('author') } })).then([createdFor('away'), firstChild]);
    spec.given().when(create({ ...to, approver: away(), routing: { today, delegate: { ...admin('deputy'), role: 'USER' } } })).then([createdFor('away'), firstChild]);
    spec.given().when(create({ ...to, approver: away(), routing: { today, delegate: { ...admin('deputy'), active: false } } })).then([createdFor('away'), firstChild]);
  });

  it('given an absence that ended before today or starts after it, then the approver chosen takes it', () => {
    const to = { details: { ...details, approverId: 'away' }, approver: away() };
    spec.given().when(create({ ...to, routing: { today: '2026-12-01', delegate: admin('deputy') } })).then([createdFor('away'), firstChild]);
    spec.given().when(create({ ...to, routing: { today: '2026-11-22', delegate: admin('deputy') } })).then([createdFor('away'), firstChild]);
  });

  const editTo = (approverId: string, approver: ApproverFacts, delegate?: ApproverFacts): UpdateParent => ({
    type: 'UpdateParent',
    details: { ...details, approverId },
    addFiles: [],
    customer: undefined,
    approver,
    routing: { today, delegate },
    signature: sign('author'),
    comments: 'ok',
    actorUserId: 'author',
  });

  it('given a pending change order, when its author chooses an approver absent today, then the delegate takes it and the edit names the absent one', () => {
    spec
      .given(created, firstChild)
      .when(editTo('away', away(), admin('deputy')))
      .then([
        {
          type: 'ChangeOrderUpdated',
          data: { ...signed, details: { ...details, approverId: 'deputy' }, changes: [{ field: 'approverId', old: 'approver', new: 'deputy' }], editedBy: 'author', delegatedFrom: 'away' },
        },
      ]);
  });

  it('given a change order whose approver is absent, when an edit keeps that approver, then nothing moves it to the delegate (an ADMIN reassigns what already waits)', () => {
    const absentApprover: ApproverFacts = { ...admin('approver'), absence: { from: today, until: today, delegateId: 'deputy' } };
    spec.given(created, firstChild).when(editTo('approver', absentApprover, admin('deputy'))).thenNothing();
  });
});
