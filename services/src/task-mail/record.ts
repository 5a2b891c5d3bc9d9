import type { CustomerEvent, DocumentEvent } from '@ifu/contracts';

/**
 * What the task-mail reactor keeps of each change order and customer, folded from the log (pure): enough to name
 * the record in a mail, to know its author and approver, and whether (and since when) it waits for a signature.
 */
export interface TaskMailRecord {
  kind: 'change-order' | 'customer';
  /** parentChangeId or customerId. */
  id: string;
  /** The change order's number (`CO-2026-00042`) or the customer's name (the approved one while a change waits). */
  name: string;
  /** A change order's product family. */
  productFamilyName: string | null;
  /** Who a decision is told to: the change order's creator, the customer's registrar (null when the log does not say). */
  authorId: string | null;
  approverId: string;
  status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED' | 'DEACTIVATED';
  /** A change to an approved customer waiting for its approver, and who proposed it (its author). */
  pendingChange: { approverId: string; editorId: string } | null;
  /** Since when it waits for its current approver's signature (submitted or reassigned to them); null when it does not. */
  waitingSince: string | null;
}

/** The events the reactor reads: a change order's and a customer's. */
export type TaskMailEvent = DocumentEvent | CustomerEvent;

/**
 * An event as the log gives it to the reactor: which stream, which version, and when it happened by the command's
 * clock (its metadata's `occurredAt`: the same clock the reactor's passes read).
 */
export type LoggedEvent = { streamId: string; streamVersion: number; occurredAt: string } & TaskMailEvent;

/** Event types the reactor folds or mails about; every other event only moves its checkpoint. */
export const TASK_MAIL_EVENT_TYPES = [
  'ChangeOrderCreated',
  'ChangeOrderUpdated',
  'ChangeOrderApproved',
  'ChangeOrderRejected',
  'ChangeOrderDeactivated',
  'CustomerRegistered',
  'CustomerUpdated',
  'CustomerApprovalWithdrawn',
  'CustomerApproved',
  'CustomerRejected',
  'CustomerChangeProposed',
  'CustomerChangeWithdrawn',
  'CustomerChangeApproved',
  'CustomerChangeRejected',
  'ChangeOrderApproverReassigned',
  'CustomerApproverReassigned',
] as const satisfies ReadonlyArray<TaskMailEvent['type']>;

const HANDLED: ReadonlySet<string> = new Set(TASK_MAIL_EVENT_TYPES);
export const isTaskMailEvent = (type: string) => HANDLED.has(type);

/** The approver the record waits for now, or undefined when it waits for nobody. */
export function waitingFor(record: TaskMailRecord | undefined): string | undefined {
  if (!record || record.waitingSince === null) return undefined;
  return record.pendingChange?.approverId ?? record.approverId;
}

/** The record after `logged` (undefined before its first event, and for an event that makes none). */
export function evolveRecord(record: TaskMailRecord | undefined, logged: LoggedEvent): TaskMailRecord | undefined {
  const at = logged.occurredAt;
  switch (logged.type) {
    case 'ChangeOrderCreated': {
      const d = logged.data;
      return {
        kind: 'change-order',
        id: d.parentChangeId,
        name: d.documentId,
        productFamilyName: d.details.productFamilyName,
        authorId: d.createdBy,
        approverId: d.details.approverId,
        status: 'REQUIRE_APPROVAL',
        pendingChange: null,
        waitingSince: at,
      };
    }
    case 'CustomerRegistered': {
      const d = logged.data;
      return {
        kind: 'customer',
        id: d.customerId,
        name: d.customerName,
        productFamilyName: null,
        authorId: d.registeredBy ?? null,
        approverId: d.approverId,
        status: 'REQUIRE_APPROVAL',
        pendingChange: null,
        waitingSince: at,
      };
    }
    default:
      return record && evolveExisting(record, logged, at);
  }
}

function evolveExisting(record: TaskMailRecord, logged: LoggedEvent, at: string): TaskMailRecord {
  switch (logged.type) {
    case 'ChangeOrderUpdated': {
      const { details } = logged.data;
      const newApprover = details.approverId !== record.approverId;
      return {
        ...record,
        productFamilyName: details.productFamilyName,
        approverId: details.approverId,
        // The wait for a new approver starts now: their reminders count from the day it reached them.
        waitingSince: newApprover && record.waitingSince !== null ? at : record.waitingSince,
      };
    }
    case 'CustomerUpdated': {
      const d = logged.data;
      const newApprover = d.approverId !== record.approverId;
      return { ...record, name: d.customerName, approverId: d.approverId, waitingSince: newApprover && record.waitingSince !== null ? at : record.waitingSince };
    }
    case 'ChangeOrderApproved':
    case 'CustomerApproved':
      return { ...record, status: 'APPROVED', waitingSince: null };
    case 'ChangeOrderRejected':
    case 'CustomerRejected':
      return { ...record, status: 'REJECTED', waitingSince: null };
    case 'ChangeOrderDeactivated':
      return { ...record, status: 'DEACTIVATED', waitingSince: null };
    case 'CustomerApprovalWithdrawn':
      return { ...record, status: 'REQUIRE_APPROVAL', waitingSince: at };
    case 'CustomerChangeProposed': {
      const { proposed, editedBy } = logged.data;
      // A proposal that replaces one waiting for the same approver does not restart the wait.
      const sameApprover = record.pendingChange?.approverId === proposed.approverId;
      return {
        ...record,
        pendingChange: { approverId: proposed.approverId, editorId: editedBy },
        waitingSince: sameApprover && record.waitingSince !== null ? record.waitingSince : at,
      };
    }
    case 'CustomerChangeWithdrawn':
    case 'CustomerChangeRejected':
      return { ...record, pendingChange: null, waitingSince: null };
    case 'CustomerChangeApproved':
      return { ...record, name: logged.data.customerName, approverId: logged.data.details.approverId, pendingChange: null, waitingSince: null };
    // An ADMIN passed what waits on to another approver: their reminders count from now.
    case 'ChangeOrderApproverReassigned':
      return { ...record, approverId: logged.data.to, waitingSince: at };
    case 'CustomerApproverReassigned':
      return record.pendingChange
        ? { ...record, pendingChange: { ...record.pendingChange, approverId: logged.data.to }, waitingSince: at }
        : { ...record, approverId: logged.data.to, waitingSince: at };
    default:
      return record;
  }
}
