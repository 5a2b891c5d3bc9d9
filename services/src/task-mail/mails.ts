import { type LoggedEvent, type TaskMailRecord, waitingFor } from './record';

/*
 * Which mails an event brings, and which reminders are due: pure functions of the event, the record as folded before
 * it, and (for reminders) the time, passed in. The reactor (reactor.ts) records what they decide; render.ts words it.
 *
 * A kind of mail is one entry of TASK_MAIL_KINDS (who it goes to), one case of `mailsFor` (which event brings it)
 * and one entry of render.ts's `WORDING` (what it says); the type checker asks for the last two once the first is
 * there.
 */

/**
 * Every kind of task mail and its audience: an `approver` mail goes only to an active ADMIN (read when it is sent),
 * an `author` mail to any active staff member.
 */
export const TASK_MAIL_KINDS = {
  'change-order-submitted': { audience: 'approver' },
  'customer-submitted': { audience: 'approver' },
  'customer-change-submitted': { audience: 'approver' },
  'approval-reminder': { audience: 'approver' },
  'approval-reassigned-to-you': { audience: 'approver' },
  // The former approver may no longer be an ADMIN (the reason they were replaced): told as any staff member.
  'approval-reassigned-away': { audience: 'author' },
  'change-order-approved': { audience: 'author' },
  'change-order-rejected': { audience: 'author' },
  'customer-approved': { audience: 'author' },
  'customer-rejected': { audience: 'author' },
  'customer-change-approved': { audience: 'author' },
  'customer-change-rejected': { audience: 'author' },
} as const satisfies Record<string, { audience: 'approver' | 'author' }>;

export type TaskMailKind = keyof typeof TASK_MAIL_KINDS;
export type Audience = (typeof TASK_MAIL_KINDS)[TaskMailKind]['audience'];

/** The record a mail is about, as the mail names it. */
export type RecordRef = Pick<TaskMailRecord, 'kind' | 'id' | 'name' | 'productFamilyName'>;

/** One mail decided: to whom (a user id; their address and status are read when it is sent), about what. */
export interface TaskMail {
  kind: TaskMailKind;
  to: string;
  /** Unique per mail and recipient: a mail recorded twice is one delivery. */
  key: string;
  record: RecordRef;
  /** A rejection's reason; an approval's comment, when the approver gave one. */
  reason?: string;
  /** The signer's printed name (a decision). */
  by?: string;
  /** About a change to an approved customer (not the customer itself), and which fields it changes when known. */
  change?: { fields: string[] };
  /** A reminder: how many days it has waited. */
  waitedDays?: number;
}

const refOf = ({ kind, id, name, productFamilyName }: TaskMailRecord): RecordRef => ({ kind, id, name, productFamilyName });

/** The person who did what the event records: never mailed about their own step. */
function doerOf(logged: LoggedEvent): string | undefined {
  const data = logged.data as { createdBy?: string; editedBy?: string; registeredBy?: string; signature?: { signerId: string } };
  return data.editedBy ?? data.createdBy ?? data.registeredBy ?? data.signature?.signerId;
}

/**
 * The mails `logged` brings, given the record as folded before it (`before`) and after it (`after`). Mails to nobody
 * (an author the log does not name) and to the person who took the step are left out.
 */
export function mailsFor(logged: LoggedEvent, before: TaskMailRecord | undefined, after: TaskMailRecord | undefined): TaskMail[] {
  if (!after) return [];
  const mail = (kind: TaskMailKind, to: string | null | undefined, extra: Partial<TaskMail> = {}): TaskMail[] =>
    to ? [{ kind, to, key: `${logged.streamId}@${logged.streamVersion}:${kind}:${to}`, record: refOf(after), ...extra }] : [];
  const submitted = (kind: TaskMailKind) => {
    // To the approver it waits for now, when it did not wait for them before: new, or passed on to someone else.
    const approver = waitingFor(after);
    return approver && approver !== waitingFor(before) ? mail(kind, approver) : [];
  };
  const mails = ((): TaskMail[] => {
    switch (logged.type) {
      case 'ChangeOrderCreated':
      case 'ChangeOrderUpdated':
        return submitted('change-order-submitted');
      case 'CustomerRegistered':
      case 'CustomerApprovalWithdrawn':
        return submitted('customer-submitted');
      case 'CustomerUpdated':
        // A rejected customer may still be decided (spec §4): its new approver is told, though it does not wait.
        if (after.status === 'REJECTED') return after.approverId !== before?.approverId ? mail('customer-submitted', after.approverId) : [];
        return submitted('customer-submitted');
      case 'CustomerChangeProposed':
        return submitted('customer-change-submitted').map((m) => ({ ...m, change: { fields: logged.data.changed } }));
      case 'ChangeOrderApproved':
        return mail('change-order-approved', after.authorId, { by: logged.data.signature.name, ...(logged.data.reason ? { reason: logged.data.reason } : {}) });
      case 'ChangeOrderRejected':
        return mail('change-order-rejected', after.authorId, { by: logged.data.signature.name, reason: logged.data.reason });
      case 'CustomerApproved':
        return mail('customer-approved', after.authorId, { by: logged.data.signature.name });
      case 'CustomerRejected':
        return mail('customer-rejected', after.authorId, { by: logged.data.signature.name, reason: logged.data.reason });
      case 'CustomerChangeApproved':
        return mail('customer-change-approved', before?.pendingChange?.editorId, {
          by: logged.data.signature.name,
          change: { fields: logged.data.changes.map((change) => change.field) },
        });
      case 'CustomerChangeRejected':
        return mail('customer-change-rejected', before?.pendingChange?.editorId, {
          by: logged.data.signature.name,
          reason: logged.data.reason,
          change: { fields: logged.data.changes.map((change) => change.field) },
        });
      case 'ChangeOrderApproverReassigned':
      case 'CustomerApproverReassigned': {
        const { from, to, reason, signature } = logged.data;
        const change = before?.pendingChange ? { change: { fields: [] } } : {};
        return [
          ...mail('approval-reassigned-to-you', to, { by: signature.name, reason, ...change }),
          ...mail('approval-reassigned-away', from, { by: signature.name, reason, ...change }),
        ];
      }
      default:
        return [];
    }
  })();
  const doer = doerOf(logged);
  return mails.filter((m) => m.to !== doer);
}

const DAY_MS = 86_400_000;

/**
 * The reminder due now for a record that waits: after `everyDays` full days of waiting for the same approver, and again
 * after each further `everyDays` (so with 3: after 3, 6, 9… days). Its key names the wait (since when) and the
 * reminder's number, so a reminder is recorded once, and a run that missed some (the API was down) sends only the
 * latest. `everyDays` 0 sends none.
 */
export function reminderDue(streamId: string, record: TaskMailRecord, now: Date, everyDays: number): TaskMail | undefined {
  const approver = waitingFor(record);
  if (!approver || everyDays <= 0 || record.waitingSince === null) return undefined;
  const waitedDays = Math.floor((now.getTime() - Date.parse(record.waitingSince)) / DAY_MS);
  const reminder = Math.floor(waitedDays / everyDays);
  if (reminder < 1) return undefined;
  return {
    kind: 'approval-reminder',
    to: approver,
    key: `${streamId}:reminder:${record.waitingSince}:${reminder}:${approver}`,
    record: refOf(record),
    waitedDays: reminder * everyDays,
    ...(record.pendingChange ? { change: { fields: [] } } : {}),
  };
}
