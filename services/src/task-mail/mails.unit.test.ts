import { describe, expect, it } from 'vitest';
import type { CustomerDetails, DocumentFile, ParentDetails, Signature } from '@ifu/contracts';
import { mailsFor, reminderDue, type TaskMail } from './mails';
import { evolveRecord, type LoggedEvent, type TaskMailEvent, type TaskMailRecord } from './record';
import { recordLink, renderDigest, renderTaskMail, sentText } from './render';

/*
 * The reactor's decisions, given/when/then: given the record's earlier events, when an event comes, then these mails
 * (recipients by user id; their addresses and status are read when a mail is sent).
 */

const DAY_MS = 86_400_000;
const t0 = '2026-11-23T10:00:00.000Z';
const later = (days: number) => new Date(Date.parse(t0) + days * DAY_MS).toISOString();

/** An event of a stream, recorded at `at`; the spec gives it its stream version. */
type Unversioned = Omit<LoggedEvent, 'streamVersion'>;
const logged = (streamId: string, event: TaskMailEvent, at = t0): Unversioned => ({ streamId, occurredAt: at, ...event }) as Unversioned;

/** The events of each stream at versions 1, 2, 3… in the order given. */
const versioned = (events: readonly Unversioned[]): LoggedEvent[] => {
  const versions = new Map<string, number>();
  return events.map((event) => {
    const streamVersion = (versions.get(event.streamId) ?? 0) + 1;
    versions.set(event.streamId, streamVersion);
    return { ...event, streamVersion } as LoggedEvent;
  });
};
const fold = (events: readonly LoggedEvent[]) => events.reduce<TaskMailRecord | undefined>(evolveRecord, undefined);

const sign = (signerId: string, meaning: Signature['meaning'], name = 'Alma Approver'): Signature => ({ signerId, name, email: `${signerId}@example.com`, signedAt: t0, meaning });
const file: DocumentFile = { fileId: 'f', sha256: 'a'.repeat(64), contentType: 'application/pdf', size: 10, docName: 'a.pdf' };
const parent: ParentDetails = {
  productFamilyName: 'CardioFlow',
  productFamilyDescription: 'd',
  changeDescription: 'd',
  changeJustification: 'j',
  changeType: 'Record',
  customerId: 'c1',
  approverId: 'alma',
  isInternal: false,
  effectiveDate: '2026-12-01',
};
const signed = { parentChangeId: 'p1', documentId: 'CO-2026-00042', signature: sign('ada', 'authorship', 'Ada Author'), comments: 'ok' };
const order = 'document-p1';
const created = () => logged(order, { type: 'ChangeOrderCreated', data: { ...signed, approvalRoutingNumber: 'AR-1', details: parent, logo: file, files: [file], createdBy: 'ada' } });
const updated = (details: Partial<ParentDetails>, editedBy = 'ada') =>
  logged(order, { type: 'ChangeOrderUpdated', data: { ...signed, details: { ...parent, ...details }, changes: [], editedBy } });

const customer = 'customer-c1';
const customerDetails: CustomerDetails = {
  customerName: 'Northwind Medical',
  contactEmail: 'c@northwind.example',
  contactInformation: '15550102030',
  countryExclusionList: '',
  customerWebsiteLink: 'https://northwind.example',
  approverId: 'alma',
};
const logo = { sha256: 'b'.repeat(64), contentType: 'image/png', size: 68 };
const registered = (registeredBy?: string) =>
  logged(customer, { type: 'CustomerRegistered', data: { customerId: 'c1', ...customerDetails, logo, ...(registeredBy ? { registeredBy } : {}) } });
const customerApproved = () =>
  logged(customer, { type: 'CustomerApproved', data: { customerId: 'c1', customerName: 'Northwind Medical', approvedDate: t0, changeDescription: '', signature: sign('alma', 'approval') } });
const customerRejected = () =>
  logged(customer, { type: 'CustomerRejected', data: { customerId: 'c1', customerName: 'Northwind Medical', reason: 'No contract', changeDescription: '', signature: sign('alma', 'rejection') } });
const customerUpdated = (details: Partial<CustomerDetails>, editedBy = 'max') =>
  logged(customer, { type: 'CustomerUpdated', data: { customerId: 'c1', ...customerDetails, ...details, changed: Object.keys(details), editedBy } });
const proposed = (approverId: string, editedBy = 'max') =>
  logged(customer, {
    type: 'CustomerChangeProposed',
    data: { customerId: 'c1', customerName: 'Northwind Medical', proposed: { ...customerDetails, approverId, customerWebsiteLink: 'https://new.example' }, changed: ['customerWebsiteLink'], editedBy },
  });

const ref = { kind: 'change-order', id: 'p1', name: 'CO-2026-00042', productFamilyName: 'CardioFlow' } as const;
const customerRef = { kind: 'customer', id: 'c1', name: 'Northwind Medical', productFamilyName: null } as const;

/** Folds `given` (each stream's own), then decides `event`, at the stream's next version. */
function spec(...given: Unversioned[]) {
  return {
    when(event: Unversioned) {
      const all = versioned([...given.filter((g) => g.streamId === event.streamId), event]);
      const before = fold(all.slice(0, -1));
      const mails = mailsFor(all.at(-1)!, before, evolveRecord(before, all.at(-1)!));
      return {
        mails,
        then: (expected: TaskMail[]) => expect(mails).toEqual(expected),
        thenNothing: () => expect(mails).toEqual([]),
      };
    },
  };
}

describe('task mail: what each event brings', () => {
  describe('submitted to an approver', () => {
    it('a new change order: its approver, naming its number and product family', () => {
      const event = created();
      spec().when(event).then([{ kind: 'change-order-submitted', to: 'alma', key: 'document-p1@1:change-order-submitted:alma', record: ref }]);
    });

    it('an edit that gives it another approver: the new one; any other edit: nobody', () => {
      const given = [created()];
      spec(...given).when(updated({ productFamilyName: 'CardioFlow 2' })).thenNothing();
      spec(...given)
        .when(updated({ approverId: 'otto' }))
        .then([{ kind: 'change-order-submitted', to: 'otto', key: 'document-p1@2:change-order-submitted:otto', record: ref }]);
    });

    it('never to the person who took the step', () => {
      spec(created()).when(updated({ approverId: 'otto' }, 'otto')).thenNothing();
    });

    it('a customer registered, or whose approver an edit changes while it waits: its approver', () => {
      const first = registered('max');
      spec().when(first).then([{ kind: 'customer-submitted', to: 'alma', key: 'customer-c1@1:customer-submitted:alma', record: customerRef }]);
      spec(first).when(customerUpdated({ contactEmail: 'new@northwind.example' })).thenNothing();
      spec(first)
        .when(customerUpdated({ approverId: 'otto' }))
        .then([{ kind: 'customer-submitted', to: 'otto', key: 'customer-c1@2:customer-submitted:otto', record: customerRef }]);
    });

    it('a rejected customer given another approver: the new one, who may still decide it', () => {
      spec(registered('max'), customerRejected())
        .when(customerUpdated({ approverId: 'otto' }))
        .then([{ kind: 'customer-submitted', to: 'otto', key: 'customer-c1@3:customer-submitted:otto', record: customerRef }]);
    });

    it('a change to an approved customer: the approver it names, with the fields; a replacement for the same approver: nobody', () => {
      const given = [registered('max'), customerApproved()];
      const change = proposed('alma');
      spec(...given)
        .when(change)
        .then([{ kind: 'customer-change-submitted', to: 'alma', key: 'customer-c1@3:customer-change-submitted:alma', record: customerRef, change: { fields: ['customerWebsiteLink'] } }]);
      spec(...given, change).when(proposed('alma')).thenNothing();
      spec(...given, change, proposed('alma'))
        .when(proposed('otto'))
        .then([{ kind: 'customer-change-submitted', to: 'otto', key: 'customer-c1@5:customer-change-submitted:otto', record: customerRef, change: { fields: ['customerWebsiteLink'] } }]);
    });
  });

  describe('reassigned by an ADMIN', () => {
    const admin = sign('root', 'reassignment', 'Rita Root');
    const reassignedOrder = () =>
      logged(order, { type: 'ChangeOrderApproverReassigned', data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', from: 'alma', to: 'otto', reason: 'Alma edited it', reassignedBy: 'root', signature: admin } });
    const reassignedCustomer = (pendingChange: boolean, at = t0) =>
      logged(customer, {
        type: 'CustomerApproverReassigned',
        data: { customerId: 'c1', customerName: 'Northwind Medical', from: 'alma', to: 'otto', reason: 'Alma is away', reassignedBy: 'root', signature: admin, ...(pendingChange ? { pendingChange } : {}) },
      }, at);

    it('a change order: the new approver, and the old one is told it no longer waits for them, both with the reason', () => {
      spec(created())
        .when(reassignedOrder())
        .then([
          { kind: 'approval-reassigned-to-you', to: 'otto', key: 'document-p1@2:approval-reassigned-to-you:otto', record: ref, by: 'Rita Root', reason: 'Alma edited it' },
          { kind: 'approval-reassigned-away', to: 'alma', key: 'document-p1@2:approval-reassigned-away:alma', record: ref, by: 'Rita Root', reason: 'Alma edited it' },
        ]);
    });

    it('a pending customer change: both approvers, about the change; the new approver’s reminders count from the reassignment', () => {
      const given = [registered('max'), customerApproved(), proposed('alma')];
      const { mails } = spec(...given).when(reassignedCustomer(true));
      expect(mails.map((m) => [m.kind, m.to, m.change])).toEqual([
        ['approval-reassigned-to-you', 'otto', { fields: [] }],
        ['approval-reassigned-away', 'alma', { fields: [] }],
      ]);
      const all = versioned([...given, reassignedCustomer(true, later(2))]);
      const record = fold(all)!;
      expect(reminderDue(customer, record, new Date(later(4)), 3)).toBeUndefined();
      expect(reminderDue(customer, record, new Date(later(5)), 3)).toMatchObject({ kind: 'approval-reminder', to: 'otto' });
    });

    it('renders who reassigned it and why', () => {
      const [toYou] = spec(created()).when(reassignedOrder()).mails;
      const text = renderTaskMail(toYou!, 'https://admin.example.com');
      expect(text.subject).toBe('IFU Portal: change order CO-2026-00042 was reassigned to you for approval');
      expect(text.body).toContain('Rita Root reassigned change order CO-2026-00042 (CardioFlow) to you for approval.\nReason: Alma edited it');
    });
  });

  describe('decided, to the author', () => {
    it('a change order approved: its creator, with the approver’s name and comment', () => {
      const given = [created()];
      spec(...given)
        .when(logged(order, { type: 'ChangeOrderApproved', data: { ...signed, signature: sign('alma', 'approval'), approvedDate: t0, reason: 'Fine' } }))
        .then([{ kind: 'change-order-approved', to: 'ada', key: 'document-p1@2:change-order-approved:ada', record: ref, by: 'Alma Approver', reason: 'Fine' }]);
    });

    it('a change order rejected: its creator, with the reason', () => {
      spec(created())
        .when(logged(order, { type: 'ChangeOrderRejected', data: { ...signed, signature: sign('alma', 'rejection'), reason: 'Wrong leaflet' } }))
        .then([{ kind: 'change-order-rejected', to: 'ada', key: 'document-p1@2:change-order-rejected:ada', record: ref, by: 'Alma Approver', reason: 'Wrong leaflet' }]);
    });

    it('a customer approved or rejected: who registered it; nobody when the log does not say who did', () => {
      const first = registered('max');
      spec(first).when(customerApproved()).then([{ kind: 'customer-approved', to: 'max', key: 'customer-c1@2:customer-approved:max', record: customerRef, by: 'Alma Approver' }]);
      spec(first)
        .when(customerRejected())
        .then([{ kind: 'customer-rejected', to: 'max', key: 'customer-c1@2:customer-rejected:max', record: customerRef, by: 'Alma Approver', reason: 'No contract' }]);
      spec(registered()).when(customerApproved()).thenNothing();
    });

    it('a customer change approved or rejected: who proposed it', () => {
      const given = [registered('max'), customerApproved(), proposed('alma', 'una')];
      const changes = [{ field: 'customerWebsiteLink' as const, from: 'https://northwind.example', to: 'https://new.example' }];
      spec(...given)
        .when(
          logged(customer, {
            type: 'CustomerChangeRejected',
            data: { customerId: 'c1', customerName: 'Northwind Medical', changes, reason: 'Not their site', changeDescription: '', signature: sign('alma', 'rejection') },
          }),
        )
        .then([
          {
            kind: 'customer-change-rejected',
            to: 'una',
            key: 'customer-c1@4:customer-change-rejected:una',
            record: customerRef,
            by: 'Alma Approver',
            reason: 'Not their site',
            change: { fields: ['customerWebsiteLink'] },
          },
        ]);
      spec(...given)
        .when(
          logged(customer, {
            type: 'CustomerChangeApproved',
            data: { customerId: 'c1', customerName: 'Northwind Medical', details: customerDetails, changes, approvedDate: t0, changeDescription: '', signature: sign('alma', 'approval') },
          }),
        )
        .then([{ kind: 'customer-change-approved', to: 'una', key: 'customer-c1@4:customer-change-approved:una', record: customerRef, by: 'Alma Approver', change: { fields: ['customerWebsiteLink'] } }]);
    });
  });
});

describe('task mail: reminders while a record waits (every 3 days)', () => {
  const waiting = (...events: Unversioned[]) => fold(versioned(events))!;
  const at = (days: number) => new Date(later(days));

  it('none before 3 full days; the first after 3, the same one until day 6, the second after 6', () => {
    const record = waiting(created());
    expect(reminderDue(order, record, at(2.99), 3)).toBeUndefined();
    const first = reminderDue(order, record, at(3), 3);
    expect(first).toEqual({ kind: 'approval-reminder', to: 'alma', key: `${order}:reminder:${t0}:1:alma`, record: ref, waitedDays: 3 });
    expect(reminderDue(order, record, at(5.9), 3)?.key).toBe(first!.key);
    expect(reminderDue(order, record, at(6), 3)).toMatchObject({ key: `${order}:reminder:${t0}:2:alma`, waitedDays: 6 });
  });

  it('a new approver’s wait starts when it reached them; a decided record waits for nobody; 0 days sends none', () => {
    const first = created();
    const reassigned = logged(order, { type: 'ChangeOrderUpdated', data: { ...signed, details: { ...parent, approverId: 'otto' }, changes: [], editedBy: 'ada' } }, later(2));
    expect(reminderDue(order, waiting(first, reassigned), at(4), 3)).toBeUndefined();
    expect(reminderDue(order, waiting(first, reassigned), at(5), 3)).toMatchObject({ to: 'otto', waitedDays: 3 });
    expect(reminderDue(order, waiting(first), at(30), 0)).toBeUndefined();
    const rejected = logged(order, { type: 'ChangeOrderRejected', data: { ...signed, signature: sign('alma', 'rejection'), reason: 'No' } });
    expect(reminderDue(order, waiting(first, reassigned, rejected), at(30), 3)).toBeUndefined();
  });

  it('a change to an approved customer: its approver, since the change was proposed', () => {
    const record = waiting(registered('max'), customerApproved(), { ...proposed('otto'), occurredAt: later(1) });
    expect(reminderDue(customer, record, at(4), 3)).toMatchObject({ to: 'otto', waitedDays: 3, change: { fields: [] } });
  });
});

describe('task mail: what each mail says', () => {
  const adminUrl = 'https://admin.example.com';

  it('names the record and links to it: a change order’s view, a customer’s view on Manage Customer', () => {
    expect(recordLink(adminUrl, ref)).toBe('https://admin.example.com/document/view/p1');
    expect(recordLink(adminUrl, customerRef)).toBe('https://admin.example.com/managecustomer?view=c1');
    const submitted = renderTaskMail({ kind: 'change-order-submitted', to: 'alma', key: 'k', record: ref }, adminUrl);
    expect(submitted.subject).toBe('IFU Portal: change order CO-2026-00042 waits for your approval');
    expect(submitted.body).toContain('Change order CO-2026-00042 (CardioFlow) was submitted to you for approval.');
    expect(submitted.body).toContain('Open it: https://admin.example.com/document/view/p1');
  });

  it('a rejection gives its reason and the way to revise', () => {
    const rejected = renderTaskMail({ kind: 'change-order-rejected', to: 'ada', key: 'k', record: ref, by: 'Alma Approver', reason: 'Wrong leaflet' }, adminUrl);
    expect(rejected.subject).toBe('IFU Portal: change order CO-2026-00042 was rejected');
    expect(rejected.body).toContain('was rejected by Alma Approver.');
    expect(rejected.body).toContain('Reason: Wrong leaflet');
    expect(rejected.body).toContain('https://admin.example.com/document/revise/p1');
  });

  it('a reminder says how long it has waited; a customer change names its fields by their labels', () => {
    const reminder = renderTaskMail({ kind: 'approval-reminder', to: 'alma', key: 'k', record: customerRef, waitedDays: 6, change: { fields: [] } }, adminUrl);
    expect(reminder.subject).toBe('IFU Portal: reminder: a change to customer Northwind Medical still waits for your approval');
    expect(reminder.body).toContain('has waited 6 days for your approval.');
    const change = renderTaskMail({ kind: 'customer-change-submitted', to: 'alma', key: 'k', record: customerRef, change: { fields: ['customerWebsiteLink', 'approverId'] } }, adminUrl);
    expect(change.body).toContain('A change to customer Northwind Medical (Website link, Approver) was submitted to you for approval.');
  });

  it('is sent with the greeting; a digest lists each held mail with its link', () => {
    expect(sentText({ firstName: 'Alma', lastName: 'Approver' }, 'Body')).toBe('Hello Alma Approver,\n\nBody\n\nIFU Portal');
    const digest = renderDigest('2026-11-24', [
      { subject: 'IFU Portal: change order CO-2026-00042 waits for your approval', link: 'https://admin.example.com/document/view/p1' },
      { subject: 'IFU Portal: customer Northwind Medical waits for your approval', link: 'https://admin.example.com/managecustomer?view=c1' },
    ]);
    expect(digest.subject).toBe('IFU Portal: your daily digest of 2026-11-24 (2 mails)');
    expect(digest.body).toContain('- change order CO-2026-00042 waits for your approval\n  https://admin.example.com/document/view/p1');
    expect(digest.body).toContain('- customer Northwind Medical waits for your approval\n  https://admin.example.com/managecustomer?view=c1');
  });
});
