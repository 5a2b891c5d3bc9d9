import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { admin, approved, approvedCustomer, child, childAdded, create, created, details, file, sign, signed } from '../change-order.fixtures';
import { authoringDecider } from './rules';

const spec = deciderSpec(authoringDecider);

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

  it('given a change order with a product description of its own, when an edit gives none (the spec\'s parent edit payload), then it is kept; one given replaces it', () => {
    const own = { ...details, productFamilyDescription: 'Coronary stents, three sizes' };
    const createdWithOwn: DocumentEvent = { type: 'ChangeOrderCreated', data: { ...(created.data as object), details: own } as never };
    const { productFamilyDescription: _none, ...withoutDescription } = details;
    const edit = (given: typeof withoutDescription & { productFamilyDescription?: string }) => ({
      type: 'UpdateParent' as const,
      details: given,
      addFiles: [],
      customer: approvedCustomer,
      approver: admin('approver'),
      signature: sign('editor'),
      comments: 'c',
      actorUserId: 'editor',
    });
    const updated = (next: typeof details, changes: { field: string; old: string; new: string }[]): DocumentEvent[] => [
      { type: 'ChangeOrderUpdated', data: { ...signed, signature: sign('editor'), comments: 'c', editedBy: 'editor', details: next, changes } },
    ];
    spec.given(createdWithOwn, childAdded('k1', 1)).when(edit(withoutDescription)).thenNothing();
    spec
      .given(createdWithOwn, childAdded('k1', 1))
      .when(edit({ ...withoutDescription, changeDescription: 'New sizes' }))
      .then(updated({ ...own, changeDescription: 'New sizes' }, [{ field: 'changeDescription', old: 'desc', new: 'New sizes' }]));
    spec
      .given(createdWithOwn, childAdded('k1', 1))
      .when(edit({ ...withoutDescription, productFamilyDescription: 'Stents' }))
      .then(updated({ ...own, productFamilyDescription: 'Stents' }, [{ field: 'productFamilyDescription', old: 'Coronary stents, three sizes', new: 'Stents' }]));
    // Where it was the description of change (the screens send one field as both), it follows that description.
    spec
      .given(created, childAdded('k1', 1))
      .when(edit({ ...withoutDescription, changeDescription: 'New sizes' }))
      .then(
        updated({ ...details, productFamilyDescription: 'New sizes', changeDescription: 'New sizes' }, [
          { field: 'productFamilyDescription', old: 'desc', new: 'New sizes' },
          { field: 'changeDescription', old: 'desc', new: 'New sizes' },
        ]),
      );
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

  it('given an approved change order, when the author edits, adds a child or deactivates, then document-decided', () => {
    const authored = { signature: sign('author'), comments: 'c', actorUserId: 'author' };
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'UpdateChild', childDocumentId: 'k1', details: child, ...authored }).thenRefuses({ code: 'document-decided' });
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'AddChild', childDocumentId: 'k9', details: child, file: file('n'), ...authored }).thenRefuses({ code: 'document-decided' });
    spec.given(created, childAdded('k1', 1), approved).when({ type: 'DeactivateChangeOrder', today: '2026-11-23', ...authored }).thenRefuses({ code: 'document-decided' });
  });
});
