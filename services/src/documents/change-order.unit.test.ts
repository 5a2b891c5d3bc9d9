import { describe, expect, it } from 'vitest';
import type { ChildDetails, DocumentEvent, DocumentFile, ParentDetails, Signature } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import type { ApproverFacts } from '../auth';
import { changeOrderDecider } from '../../../test-support/change-order-decider';
import { openedKey } from './change-order';
import type { CreateChangeOrder } from './authoring/rules';
import { mayDecide } from './permissions';
import type { ReviseChangeOrder } from './revision/rules';
import { documentFilesDecider, openedBy } from './downloads/document-files';
import { changeOrderNumbersDecider } from './authoring/change-order-numbers';
import { documentUploadDecider, UPLOAD_KEPT_MS } from './authoring/document-upload';

const spec = deciderSpec(changeOrderDecider);
const at = '2026-11-23T10:00:00.000Z';
const sign = (signerId: string, meaning: Signature['meaning'] = 'authorship'): Signature => ({ signerId, name: 'N', email: `${signerId}@x`, signedAt: at, meaning });
const file = (name: string, sha = name.padEnd(64, '0')): DocumentFile => ({ fileId: `f-${name}`, sha256: sha, contentType: 'application/pdf', size: 10, docName: `${name}.pdf` });
const details: ParentDetails = {
  productFamilyName: 'Cardio',
  productFamilyDescription: 'desc',
  changeDescription: 'desc',
  changeJustification: 'why',
  changeType: 'Record',
  customerId: 'c1',
  approverId: 'approver',
  isInternal: false,
  effectiveDate: '2026-12-01',
};
const child: ChildDetails = {
  associatedReferenceNumber: 'LOT-1',
  productSubFamilyNameOne: 'PN-1',
  productSubFamilyNameTwo: 'BOM-1',
  billMaterialInformation: 'BOM-1',
  keywords: 'k',
  countryList: 'DE',
  languageList: 'de',
  changeDescription: 'c',
  changeJustification: 'j',
};
const admin = (id: string): ApproverFacts => ({ id, role: 'ADMIN', active: true });
const approvedCustomer = { id: 'c1', status: 'APPROVED' };

const create = (overrides: Partial<CreateChangeOrder> = {}): CreateChangeOrder => ({
  type: 'CreateChangeOrder',
  parentChangeId: 'p1',
  documentId: 'CO-2026-00042',
  approvalRoutingNumber: 'AR-2026-00042',
  details,
  logo: file('logo'),
  files: [file('a')],
  children: [{ ...child, childDocumentId: 'k1', file: file('ifu') }],
  customer: approvedCustomer,
  approver: admin('approver'),
  signature: sign('author'),
  comments: 'ok',
  actorUserId: 'author',
  ...overrides,
});

const signed = { parentChangeId: 'p1', documentId: 'CO-2026-00042', signature: sign('author'), comments: 'ok' };
const created: DocumentEvent = {
  type: 'ChangeOrderCreated',
  data: { ...signed, approvalRoutingNumber: 'AR-2026-00042', details, logo: file('logo'), files: [file('a')], createdBy: 'author' },
};
const childAdded = (id: string, n: number): DocumentEvent => ({
  type: 'ChildDocumentAdded',
  data: { ...signed, child: { ...child, childDocumentId: id, documentNumber: `CO-2026-00042-0${n}`, file: file('ifu') }, editedBy: 'author' },
});
const approved: DocumentEvent = { type: 'ChangeOrderApproved', data: { ...signed, signature: sign('approver', 'approval'), comments: '', approvedDate: at, reviewDate: '2027-11-23' } };

describe('change order decider', () => {
  it('given nothing, when the author creates a change order, then it is created with each child numbered in order', () => {
    spec.given().when(create({ children: [{ ...child, childDocumentId: 'k1', file: file('ifu') }, { ...child, childDocumentId: 'k2', file: file('ifu') }] })).then([
      created,
      childAdded('k1', 1),
      childAdded('k2', 2),
    ]);
  });

  it('given nothing, when the approver is the author, a USER or inactive, then approver-not-eligible', () => {
    for (const approver of [admin('author'), { id: 'approver', role: 'USER' as const, active: true }, { ...admin('approver'), active: false }, undefined]) {
      spec.given().when(create({ approver })).thenRefuses({ code: 'approver-not-eligible' });
    }
  });

  it('given nothing, when the customer is not approved, then customer-not-approved', () => {
    spec.given().when(create({ customer: { id: 'c1', status: 'REQUIRE_APPROVAL' } })).thenRefuses({ code: 'customer-not-approved' });
    spec.given().when(create({ customer: undefined })).thenRefuses({ code: 'customer-not-approved' });
  });

  it('given nothing, when five supporting files are attached, then too-many-supporting-files', () => {
    spec.given().when(create({ files: ['a', 'b', 'c', 'd', 'e'].map((n) => file(n)) })).thenRefuses({ code: 'too-many-supporting-files' });
  });

  it('given a change order, when it is created again, then document-exists', () => {
    spec.given(created).when(create()).thenRefuses({ code: 'document-exists' });
  });

  it('given a change order with one file, when four more are added, then refused; when three, then added', () => {
    const more = (n: number) => ({ type: 'AddSupportingFiles' as const, files: Array.from({ length: n }, (_, i) => file(`m${i}`)), signature: sign('editor'), comments: 'c', actorUserId: 'editor' });
    spec.given(created, childAdded('k1', 1)).when(more(4)).thenRefuses({ code: 'too-many-supporting-files' });
    spec.given(created, childAdded('k1', 1)).when(more(3)).then([
      { type: 'SupportingFilesAdded', data: { ...signed, signature: sign('editor'), comments: 'c', editedBy: 'editor', files: more(3).files } },
    ]);
  });

  it('given a change order, when the parent is edited, then only the changed fields are recorded, old and new', () => {
    spec
      .given(created, childAdded('k1', 1))
      .when({
        type: 'UpdateParent',
        details: { ...details, productFamilyName: 'Cardio XL', isInternal: true },
        addFiles: [],
        customer: approvedCustomer,
        approver: admin('approver'),
        signature: sign('editor'),
        comments: 'renamed',
        actorUserId: 'editor',
      })
      .then([
        {
          type: 'ChangeOrderUpdated',
          data: {
            ...signed,
            signature: sign('editor'),
            comments: 'renamed',
            editedBy: 'editor',
            details: { ...details, productFamilyName: 'Cardio XL', isInternal: true },
            changes: [
              { field: 'productFamilyName', old: 'Cardio', new: 'Cardio XL' },
              { field: 'isInternal', old: 'false', new: 'true' },
            ],
          },
        },
      ]);
  });

  it('given a change order, when its customer is changed to one not approved, then customer-not-approved; an unchanged customer is not checked again', () => {
    const update = (customerId: string, customer: { id: string; status: string } | undefined) => ({
      type: 'UpdateParent' as const,
      details: { ...details, customerId },
      addFiles: [],
      customer,
      approver: admin('approver'),
      signature: sign('editor'),
      comments: 'c',
      actorUserId: 'editor',
    });
    spec.given(created, childAdded('k1', 1)).when(update('c2', { id: 'c2', status: 'REJECTED' })).thenRefuses({ code: 'customer-not-approved' });
    spec.given(created, childAdded('k1', 1)).when(update('c2', undefined)).thenRefuses({ code: 'customer-not-approved' });
    spec.given(created, childAdded('k1', 1)).when(update('c1', { id: 'c1', status: 'REQUIRE_APPROVAL' })).thenNothing();
  });

  it('given a change order, when the approver is changed to its creator, then approver-not-eligible', () => {
    spec
      .given(created, childAdded('k1', 1))
      .when({ type: 'UpdateParent', details: { ...details, approverId: 'author' }, addFiles: [], customer: approvedCustomer, approver: admin('author'), signature: sign('editor'), comments: 'c', actorUserId: 'editor' })
      .thenRefuses({ code: 'approver-not-eligible' });
  });

  it('given a change order recorded before safety revisions, when it is edited with the flag off, then nothing changed; on, then the change from false (issue 20)', () => {
    const edit = (safetyRevision: boolean) => ({
      type: 'UpdateParent' as const,
      details: { ...details, safetyRevision },
      addFiles: [],
      customer: approvedCustomer,
      approver: admin('approver'),
      signature: sign('editor'),
      comments: 'c',
      actorUserId: 'editor',
    });
    spec.given(created, childAdded('k1', 1)).when(edit(false)).thenNothing();
    const { decision } = spec.given(created, childAdded('k1', 1)).when(edit(true));
    expect(decision.events).toEqual([expect.objectContaining({ type: 'ChangeOrderUpdated', data: expect.objectContaining({ changes: [{ field: 'safetyRevision', old: 'false', new: 'true' }] }) })]);
  });

  it('given two children, when one is deactivated, then it records its obsolete date; the last one cannot be', () => {
    const deactivate = (id: string) => ({ type: 'DeactivateChild' as const, childDocumentId: id, today: '2026-11-23', signature: sign('author', 'deactivation'), comments: '', actorUserId: 'author' });
    spec.given(created, childAdded('k1', 1), childAdded('k2', 2)).when(deactivate('k1')).then([
      {
        type: 'ChildDocumentDeactivated',
        data: { ...signed, signature: sign('author', 'deactivation'), comments: '', editedBy: 'author', childDocumentId: 'k1', documentNumber: 'CO-2026-00042-01', obsoleteDate: '2026-11-23' },
      },
    ]);
    spec.given(created, childAdded('k1', 1)).when(deactivate('k1')).thenRefuses({ code: 'last-child' });
    spec.given(created, childAdded('k1', 1), childAdded('k2', 2)).when(deactivate('nope')).thenRefuses({ code: 'child-not-found' });
  });

  it('given a deactivated child, when a child is added, then its number is never the deactivated one', () => {
    const deactivated: DocumentEvent = {
      type: 'ChildDocumentDeactivated',
      data: { ...signed, childDocumentId: 'k2', documentNumber: 'CO-2026-00042-02', obsoleteDate: '2026-11-23', editedBy: 'author' },
    };
    const { decision } = spec
      .given(created, childAdded('k1', 1), childAdded('k2', 2), deactivated)
      .when({ type: 'AddChild', childDocumentId: 'k3', details: child, file: file('new'), signature: sign('author'), comments: 'c', actorUserId: 'author' });
    const event = decision.events[0] as Extract<DocumentEvent, { type: 'ChildDocumentAdded' }>;
    expect(event.data.child.documentNumber).toBe('CO-2026-00042-03');
  });

  it('given a child recorded before product identifiers, when its GTIN and lots are entered, then each is a change from empty (issue 20)', () => {
    const identified = { ...child, gtin: '09506000134352', additionalLots: 'LOT-2', serialRanges: '' };
    spec
      .given(created, childAdded('k1', 1))
      .when({ type: 'UpdateChild', childDocumentId: 'k1', details: identified, signature: sign('editor'), comments: 'GTIN added', actorUserId: 'editor' })
      .then([
        {
          type: 'ChildDocumentUpdated',
          data: {
            ...signed,
            signature: sign('editor'),
            comments: 'GTIN added',
            editedBy: 'editor',
            childDocumentId: 'k1',
            documentNumber: 'CO-2026-00042-01',
            details: identified,
            changes: [
              { field: 'gtin', old: '', new: '09506000134352' },
              { field: 'additionalLots', old: '', new: 'LOT-2' },
            ],
          },
        },
      ]);
  });

  it('given a decided change order, when anything is authored, then document-decided', () => {
    const commands = [
      { type: 'UpdateParent' as const, details, addFiles: [], customer: approvedCustomer, approver: admin('approver'), signature: sign('a'), comments: 'c', actorUserId: 'a' },
      { type: 'AddSupportingFiles' as const, files: [file('x')], signature: sign('a'), comments: 'c', actorUserId: 'a' },
      { type: 'DeleteSupportingFile' as const, fileId: 'f-a', signature: sign('a'), comments: '', actorUserId: 'a' },
      { type: 'AddChild' as const, childDocumentId: 'k9', details: child, file: file('x'), signature: sign('a'), comments: 'c', actorUserId: 'a' },
      { type: 'UpdateChild' as const, childDocumentId: 'k1', details: child, signature: sign('a'), comments: 'c', actorUserId: 'a' },
      { type: 'DeactivateChild' as const, childDocumentId: 'k1', today: '2026-11-23', signature: sign('a'), comments: '', actorUserId: 'a' },
      { type: 'DeactivateChangeOrder' as const, today: '2026-11-23', signature: sign('a'), comments: '', actorUserId: 'a' },
    ];
    for (const command of commands) spec.given(created, childAdded('k1', 1), approved).when(command).thenRefuses({ code: 'document-decided' });
  });

  it('given a deactivated change order, when it is edited, then document-not-found', () => {
    const gone: DocumentEvent = { type: 'ChangeOrderDeactivated', data: { ...signed, obsoleteDate: '2026-11-23', editedBy: 'author' } };
    spec
      .given(created, childAdded('k1', 1), gone)
      .when({ type: 'DeactivateChangeOrder', today: '2026-11-23', signature: sign('a'), comments: '', actorUserId: 'a' })
      .thenRefuses({ code: 'document-not-found' });
  });

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

  const switchTo = (isInternal: boolean, actorRole: 'ADMIN' | 'USER' = 'ADMIN') => ({
    type: 'ChangeAccessibility' as const,
    isInternal,
    reason: 'Recalled for relabelling',
    actorUserId: 'admin',
    actorRole,
  });

  const rejectedOrder: DocumentEvent = { type: 'ChangeOrderRejected', data: { ...signed, signature: sign('approver', 'rejection'), comments: '', reason: 'wrong lot' } };

  it('given a rejected change order, when an ADMIN switches it Offline with a reason, then recorded at once with who and why; the same value again records nothing', () => {
    spec
      .given(created, childAdded('k1', 1), rejectedOrder)
      .when(switchTo(true))
      .then([
        {
          type: 'ChangeOrderAccessibilityChanged',
          data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
        },
      ]);
    spec.given(created, childAdded('k1', 1), rejectedOrder).when(switchTo(false)).thenNothing();
  });

  describe('an Online/Offline switch of an approved change order: at once (spec §4); a change left pending in the log (issue 22)', () => {
    const proposed: DocumentEvent = {
      type: 'ChangeOrderAccessibilityProposed',
      data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, requestedBy: 'admin', reason: 'Recalled for relabelling' },
    };
    const decideSwitch = (signerId: string, approve: boolean, reason = '', signerRole: 'ADMIN' | 'USER' = 'ADMIN') => ({
      type: 'DecideAccessibility' as const,
      approve,
      reason,
      signature: sign(signerId, approve ? 'approval' : 'rejection'),
      signerRole,
    });

    it('given an approved change order, when an ADMIN switches it Offline, then it takes effect at once (no proposal, no signature); the same value records nothing', () => {
      const offline: DocumentEvent = {
        type: 'ChangeOrderAccessibilityChanged',
        data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
      };
      spec.given(created, childAdded('k1', 1), approved).when(switchTo(true)).then([offline]);
      spec.given(created, childAdded('k1', 1), approved).when(switchTo(false)).thenNothing();
      const state = [created, childAdded('k1', 1), approved, offline].reduce(changeOrderDecider.evolve, changeOrderDecider.initialState());
      expect(state.details!.isInternal).toBe(true);
      expect(state.pendingAccessibility).toBeNull();
      // And back Online at once.
      spec
        .given(created, childAdded('k1', 1), approved, offline)
        .when(switchTo(false))
        .then([{ type: 'ChangeOrderAccessibilityChanged', data: { ...offline.data, isInternal: false, previous: true } } as DocumentEvent]);
    });

    it('given an approved change order, when its approver (an ADMIN) switches it, or no reason is given, then it takes effect at once, the reason left out', () => {
      spec
        .given(created, childAdded('k1', 1), approved)
        .when({ ...switchTo(true), actorUserId: 'approver', reason: undefined })
        .then([{ type: 'ChangeOrderAccessibilityChanged', data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'approver' } }]);
    });

    it('given a change left pending in the log, when an ADMIN switches it, then it takes effect at once and nothing is pending any more', () => {
      spec
        .given(created, childAdded('k1', 1), approved, proposed)
        .when(switchTo(true))
        .then([
          {
            type: 'ChangeOrderAccessibilityChanged',
            data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
          },
        ]);
      const state = [created, childAdded('k1', 1), approved, proposed].reduce(changeOrderDecider.evolve, changeOrderDecider.initialState());
      expect(state.details!.isInternal).toBe(false);
      expect(state.pendingAccessibility).toEqual({ isInternal: true, requestedBy: 'admin', reason: 'Recalled for relabelling' });
    });

    it('given a pending change, when the approver signs it, then ChangeOrderAccessibilityChanged with the request and the signature, and nothing is pending', () => {
      spec
        .given(created, childAdded('k1', 1), approved, proposed)
        .when(decideSwitch('approver', true))
        .then([
          {
            type: 'ChangeOrderAccessibilityChanged',
            data: {
              parentChangeId: 'p1',
              documentId: 'CO-2026-00042',
              isInternal: true,
              previous: false,
              changedBy: 'admin',
              reason: 'Recalled for relabelling',
              signature: sign('approver', 'approval'),
            },
          },
        ]);
    });

    it('given a pending change, when the approver rejects it with a reason, then ChangeOrderAccessibilityRejected and the approved value stays; without a reason, refused', () => {
      const rejectedSwitch: DocumentEvent = {
        type: 'ChangeOrderAccessibilityRejected',
        data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, requestedBy: 'admin', reason: 'Still sold', signature: sign('approver', 'rejection') },
      };
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', false, 'Still sold')).then([rejectedSwitch]);
      const state = [created, childAdded('k1', 1), approved, proposed, rejectedSwitch].reduce(changeOrderDecider.evolve, changeOrderDecider.initialState());
      expect(state.details!.isInternal).toBe(false);
      expect(state.pendingAccessibility).toBeNull();
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', false, '  ')).thenRefuses({ code: 'accessibility-reason-required' });
    });

    it('given a pending change, when the requester, another ADMIN or a USER decides, or nothing is pending, then refused', () => {
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('admin', true)).thenRefuses({ code: 'accessibility-requester-decides' });
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('other', true)).thenRefuses({ code: 'not-the-document-approver' });
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', true, '', 'USER')).thenRefuses({ code: 'signer-not-admin' });
      spec.given(created, childAdded('k1', 1), approved).when(decideSwitch('approver', true)).thenRefuses({ code: 'accessibility-not-pending' });
      spec.given().when(decideSwitch('approver', true)).thenRefuses({ code: 'document-not-found' });
    });
  });

  it('given a switch recorded before reasons were asked for (no reason), when an ADMIN switches it back, then it folds and is recorded', () => {
    const oldSwitch: DocumentEvent = {
      type: 'ChangeOrderAccessibilityChanged',
      data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin' },
    };
    spec
      .given(created, childAdded('k1', 1), rejectedOrder, oldSwitch)
      .when(switchTo(false))
      .then([
        {
          type: 'ChangeOrderAccessibilityChanged',
          data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: false, previous: true, changedBy: 'admin', reason: 'Recalled for relabelling' },
        },
      ]);
  });

  it('given a change order, when a USER switches it or it is still pending, then refused', () => {
    spec.given(created, childAdded('k1', 1), approved).when(switchTo(true, 'USER')).thenRefuses({ code: 'admin-only' });
    spec.given(created, childAdded('k1', 1)).when(switchTo(true)).thenRefuses({ code: 'document-undecided' });
    spec.given().when(switchTo(true)).thenRefuses({ code: 'document-not-found' });
  });

  it('given an approved change order, when the author edits, adds a child or deactivates, then document-decided', () => {
    const authored = { signature: sign('author'), comments: 'c', actorUserId: 'author' };
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'UpdateChild', childDocumentId: 'k1', details: child, ...authored }).thenRefuses({ code: 'document-decided' });
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'AddChild', childDocumentId: 'k9', details: child, file: file('n'), ...authored }).thenRefuses({ code: 'document-decided' });
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'DeactivateChangeOrder', today: '2026-11-23', ...authored }).thenRefuses({ code: 'document-decided' });
  });
});

describe('document downloads', () => {
  const files = deciderSpec(documentFilesDecider);
  const download = (by: string, fileId: string, sha256: string) => ({
    parentChangeId: 'p1',
    documentId: 'CO-2026-00042',
    fileId,
    childDocumentId: null,
    documentNumber: null,
    sha256,
    docName: 'a.pdf',
    downloadedBy: by,
    purpose: 'download' as const,
  });

  it('given anything, when a file is downloaded, then the download is recorded (every staff download is an event)', () => {
    files.given({ type: 'DocumentFileDownloaded', data: download('u', 'f', 'x') }).when({ type: 'RecordDownload', download: download('u', 'f', 'x') }).then([
      { type: 'DocumentFileDownloaded', data: download('u', 'f', 'x') },
    ]);
  });

  it('folds what each user opened, per file content', () => {
    const state = [download('u', 'f', 'x'), download('u', 'f', 'y'), download('v', 'g', 'z')].reduce(
      (s, d) => documentFilesDecider.evolve(s, { type: 'DocumentFileDownloaded', data: d }),
      documentFilesDecider.initialState(),
    );
    expect([...openedBy(state, 'u')]).toEqual(['f:x', 'f:y']);
    expect([...openedBy(state, 'v')]).toEqual(['g:z']);
    expect([...openedBy(state, 'w')]).toEqual([]);
    // Plain data: the state survives a JSON snapshot.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('change order numbers', () => {
  const numbers = deciderSpec(changeOrderNumbersDecider);
  it('given numbers up to 41 this year and 7 last year, when one is asked for, then 42 of this year', () => {
    numbers
      .given(
        { type: 'ChangeOrderNumberAssigned', data: { year: 2025, number: 7, documentId: 'CO-2025-00007', parentChangeId: 'x' } },
        { type: 'ChangeOrderNumberAssigned', data: { year: 2026, number: 41, documentId: 'CO-2026-00041', parentChangeId: 'y' } },
      )
      .when({ type: 'AssignNumber', year: 2026, parentChangeId: 'p' })
      .then([{ type: 'ChangeOrderNumberAssigned', data: { year: 2026, number: 42, documentId: 'CO-2026-00042', parentChangeId: 'p' } }]);
  });
});

describe('document uploads', () => {
  const uploads = deciderSpec(documentUploadDecider);
  const uploaded = { type: 'DocumentFilesUploaded' as const, data: { uploadId: 'u', kind: 'child' as const, uploadedBy: 'author', uploadedAt: at, files: [] } };
  const use = (overrides: Record<string, unknown> = {}) => ({ type: 'UseUpload' as const, kind: 'child' as const, field: 'f', parentChangeId: 'p', actorUserId: 'author', now: new Date(at), ...overrides });

  it('given an upload, when its uploader uses it within 24 hours, then it is used', () => {
    uploads.given(uploaded).when(use()).then([{ type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'p' } }]);
  });

  it('given an upload, when someone else, the wrong kind, a second use or after 24 hours, then upload-unusable naming the field', () => {
    const late = new Date(Date.parse(at) + UPLOAD_KEPT_MS);
    for (const command of [use({ actorUserId: 'other' }), use({ kind: 'parent' }), use({ now: late })]) {
      uploads.given(uploaded).when(command).thenRefuses({ code: 'upload-unusable', field: 'f' });
    }
    uploads.given(uploaded, { type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'q' } }).when(use()).thenRefuses({ code: 'upload-unusable', field: 'f' });
    uploads.given().when(use()).thenRefuses({ code: 'upload-unusable', field: 'f' });
  });

  it('given a used upload, when the change order that took it is released, then it can be used again', () => {
    uploads
      .given(uploaded, { type: 'DocumentUploadUsed', data: { uploadId: 'u', parentChangeId: 'p' } })
      .when({ type: 'ReleaseUpload', parentChangeId: 'p' })
      .then([{ type: 'DocumentUploadReleased', data: { uploadId: 'u', parentChangeId: 'p' } }]);
  });
});

describe('revise and resubmit (issue 22)', () => {
  const rejected: DocumentEvent = { type: 'ChangeOrderRejected', data: { ...signed, signature: sign('approver', 'rejection'), comments: '', reason: 'wrong lot' } };
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
