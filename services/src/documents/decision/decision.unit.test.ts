import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { openedKey } from '../change-order';
import { approved, at, child, childAdded, created, file, sign, signed } from '../change-order.fixtures';
import { mayDecide } from '../permissions';
import { decisionDecider } from './rules';

const spec = deciderSpec(decisionDecider);

describe('change order decider', () => {
  const everyFileOpened = new Set([openedKey(file('a')), openedKey(file('ifu'))]);
  const decide = (signerId: string, options: { role?: 'ADMIN' | 'USER'; approve?: boolean; opened?: ReadonlySet<string>; reason?: string } = {}) => ({
    type: 'DecideChangeOrder' as const,
    approve: options.approve ?? true,
    signature: sign(signerId, options.approve === false ? 'rejection' : 'approval'),
    signerRole: options.role ?? 'ADMIN',
    reason: options.reason ?? '',
    opened: options.opened ?? everyFileOpened,
    now: new Date(at),
  });

  it('given a pending change order, when someone other than the assigned approver, a USER, or its author decides, then refused', () => {
    spec.given(created, childAdded('k1', 1)).when(decide('someone')).thenRefuses({ code: 'not-the-document-approver' });
    spec.given(created, childAdded('k1', 1)).when(decide('approver', { role: 'USER' })).thenRefuses({ code: 'signer-not-admin' });
    const editedByApprover: DocumentEvent = { type: 'ChangeOrderLogoChanged', data: { ...signed, logo: file('l2'), previous: file('logo'), editedBy: 'approver' } };
    spec.given(created, childAdded('k1', 1), editedByApprover).when(decide('approver')).thenRefuses({ code: 'approver-is-author' });
  });

  it('given a pending change order, when the request names an approver id other than the signer, then not-the-document-approver (issue 22, item 13)', () => {
    spec.given(created, childAdded('k1', 1)).when({ ...decide('approver'), approverIdGiven: 'someone' }).thenRefuses({ code: 'not-the-document-approver' });
    spec.given(created, childAdded('k1', 1)).when({ ...decide('approver'), approverIdGiven: 'approver' }).then([approved]);
  });

  it("mayDecide (the screens' question) answers by the decision's rules: the assigned approver, an ADMIN, no author, while pending and active", () => {
    const record = { active: true, status: 'REQUIRE_APPROVAL' as const, approverId: 'approver', createdBy: 'author', lastEditedBy: 'author' };
    expect(mayDecide(record, { id: 'approver', role: 'ADMIN' })).toBe(true);
    expect(mayDecide(record, { id: 'someone', role: 'ADMIN' })).toBe(false);
    expect(mayDecide(record, { id: 'approver', role: 'USER' })).toBe(false);
    expect(mayDecide({ ...record, lastEditedBy: 'approver' }, { id: 'approver', role: 'ADMIN' })).toBe(false);
    expect(mayDecide({ ...record, status: 'APPROVED' }, { id: 'approver', role: 'ADMIN' })).toBe(false);
    expect(mayDecide({ ...record, status: 'REJECTED' }, { id: 'approver', role: 'ADMIN' })).toBe(false);
    expect(mayDecide({ ...record, active: false }, { id: 'approver', role: 'ADMIN' })).toBe(false);
  });

  it('given a pending change order whose files the approver opened, when the approver approves or rejects, then the signed decision is recorded', () => {
    spec.given(created, childAdded('k1', 1)).when(decide('approver')).then([approved]);
    spec
      .given(created, childAdded('k1', 1))
      .when(decide('approver', { approve: false, reason: 'wrong lot' }))
      .then([{ type: 'ChangeOrderRejected', data: { ...signed, signature: sign('approver', 'rejection'), comments: '', reason: 'wrong lot' } }]);
  });

  it('given a pending change order, when the approver has not opened every file, then files-not-opened names the unopened ones, a child by its document id (what the download call takes)', () => {
    spec
      .given(created, childAdded('k1', 1))
      .when(decide('approver', { opened: new Set([openedKey(file('a'))]) }))
      .thenRefuses({ code: 'files-not-opened', unopened: [{ fileId: 'k1', docName: 'ifu.pdf' }] });
    spec
      .given(created, childAdded('k1', 1))
      .when(decide('approver', { opened: new Set() }))
      .thenRefuses({ code: 'files-not-opened', unopened: [{ fileId: 'f-a', docName: 'a.pdf' }, { fileId: 'k1', docName: 'ifu.pdf' }] });
  });

  it('given a child file replaced after the approver opened it, when the approver approves, then the new content must be opened first', () => {
    const replaced: DocumentEvent = {
      type: 'ChildDocumentUpdated',
      data: { ...signed, childDocumentId: 'k1', documentNumber: 'CO-2026-00042-01', details: child, file: { ...file('ifu'), sha256: 'b'.repeat(64) }, previousFile: file('ifu'), changes: [], editedBy: 'author' },
    };
    spec
      .given(created, childAdded('k1', 1), replaced)
      .when(decide('approver'))
      .thenRefuses({ code: 'files-not-opened', unopened: [{ fileId: 'k1', docName: 'ifu.pdf' }] });
  });

  it('given a deactivated child, when the approver decides, then its file need not be opened', () => {
    const other: DocumentEvent = {
      type: 'ChildDocumentAdded',
      data: { ...signed, child: { ...child, childDocumentId: 'k2', documentNumber: 'CO-2026-00042-02', file: file('old') }, editedBy: 'author' },
    };
    const gone: DocumentEvent = { type: 'ChildDocumentDeactivated', data: { ...signed, childDocumentId: 'k2', documentNumber: 'CO-2026-00042-02', obsoleteDate: '2026-11-23', editedBy: 'author' } };
    spec.given(created, childAdded('k1', 1), other, gone).when(decide('approver')).then([approved]);
  });

  it('given a decided change order, when the approver decides again, then document-decided', () => {
    spec.given(created, childAdded('k1', 1), approved).when(decide('approver', { approve: false, reason: 'late' })).thenRefuses({ code: 'document-decided' });
  });
});
