import { describe, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { changeOrderDecider } from '../../../../test-support/change-order-decider';
import { deciderSpec } from '../../../../test-support/specs';
import { approved, childAdded, create, created, file, rejected, sign, signed } from '../change-order.fixtures';
import type { ReviseChangeOrder } from './rules';

// Revision and the creation of the revision are two use cases' commands on one record: the specs decide both.
const spec = deciderSpec(changeOrderDecider);

describe('revise and resubmit (issue 22)', () => {
  const revision = { parentChangeId: 'p2', documentId: 'CO-2026-00043' };
  const revise = (overrides: Partial<ReviseChangeOrder> = {}): ReviseChangeOrder => ({
    type: 'ReviseChangeOrder',
    revision,
    actorUserId: 'author',
    earlierRevisionStands: false,
    ...overrides,
  });
  const revised: DocumentEvent = { type: 'ChangeOrderRevised', data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', revision, revisedBy: 'author' } };

  it('given a rejected change order, when its author revises it, then the revision is recorded on it, naming the new change order', () => {
    spec.given(created, childAdded('k1', 1), rejected).when(revise()).then([revised]);
  });

  it('given a pending or an approved change order, when its author revises it, then revise-not-rejected', () => {
    spec.given(created, childAdded('k1', 1)).when(revise()).thenRefuses({ code: 'revise-not-rejected' });
    spec.given(created, childAdded('k1', 1), approved).when(revise()).thenRefuses({ code: 'revise-not-rejected' });
  });

  it('given a rejected change order, when someone other than its author (its last editor, an ADMIN, the approver) revises it, then revise-not-author', () => {
    const editedByOther: DocumentEvent = { type: 'ChangeOrderLogoChanged', data: { ...signed, logo: file('l2'), previous: file('logo'), editedBy: 'editor' } };
    for (const actorUserId of ['editor', 'admin', 'approver']) {
      spec.given(created, childAdded('k1', 1), editedByOther, rejected).when(revise({ actorUserId })).thenRefuses({ code: 'revise-not-author' });
    }
  });

  it('given a rejected change order already revised, when it is revised again while that revision stands, then already-revised names it', () => {
    spec
      .given(created, childAdded('k1', 1), rejected, revised)
      .when(revise({ revision: { parentChangeId: 'p3', documentId: 'CO-2026-00044' }, earlierRevisionStands: true }))
      .thenRefuses({ code: 'already-revised', documentId: 'CO-2026-00043' });
  });

  it("given a rejected change order whose revision's creation failed, when it is revised again, then the new revision is recorded", () => {
    const again = { parentChangeId: 'p3', documentId: 'CO-2026-00044' };
    spec
      .given(created, childAdded('k1', 1), rejected, revised)
      .when(revise({ revision: again, earlierRevisionStands: false }))
      .then([{ type: 'ChangeOrderRevised', data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', revision: again, revisedBy: 'author' } }]);
  });

  it('given no change order or a deactivated one, when it is revised, then document-not-found', () => {
    spec.given().when(revise()).thenRefuses({ code: 'document-not-found' });
    const deactivated: DocumentEvent = { type: 'ChangeOrderDeactivated', data: { ...signed, obsoleteDate: '2026-11-23', editedBy: 'author' } };
    spec.given(created, childAdded('k1', 1), deactivated, rejected).when(revise()).thenRefuses({ code: 'document-not-found' });
  });

  it('given nothing, when the author creates a revision, then its creation names the change order it revises', () => {
    const revises = { parentChangeId: 'p0', documentId: 'CO-2026-00041' };
    spec
      .given()
      .when(create({ revises }))
      .then([{ ...created, data: { ...created.data, revises } } as DocumentEvent, childAdded('k1', 1)]);
  });

  it('given a revised change order, when its author edits it, then document-decided: a revision leaves the rejected one as it was', () => {
    spec.given(created, childAdded('k1', 1), rejected, revised).when({ type: 'AddSupportingFiles', files: [file('b')], signature: sign('author'), comments: 'c', actorUserId: 'author' }).thenRefuses({ code: 'document-decided' });
  });
});
