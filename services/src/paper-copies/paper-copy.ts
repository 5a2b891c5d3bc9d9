import { PAPER_COPY_DAYS, type PaperCopyEvent, type PaperCopyOverdueEvent } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The calendar day `days` after `day` (`YYYY-MM-DD`), month and year ends and leap days included. */
export function addCalendarDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The day a paper copy asked for on `requestedOn` is due: 7 calendar days later (EU 2021/2226). */
export const paperCopyDueDate = (requestedOn: string) => addCalendarDays(requestedOn, PAPER_COPY_DAYS);

/** One request folded from its stream `paper-copy-<requestId>`. */
export interface PaperCopyState {
  exists: boolean;
  requestId: string;
  documentNumber: string;
  dispatched: boolean;
}

const initialState = (): PaperCopyState => ({ exists: false, requestId: '', documentNumber: '', dispatched: false });

export function evolve(state: PaperCopyState, event: PaperCopyEvent): PaperCopyState {
  switch (event.type) {
    case 'PaperCopyRequested':
      return { ...state, exists: true, requestId: event.data.requestId, documentNumber: event.data.documentNumber };
    case 'PaperCopyDispatched':
      return { ...state, dispatched: true };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The public document a request names, as the read models have it today (undefined: not public today). */
export interface PublicDocumentFacts {
  childDocumentId: string;
  documentNumber: string;
  /** Its version now: the version a request must name. */
  version: number;
  docName: string;
  customerId: string;
}

export interface RequestPaperCopy {
  type: 'RequestPaperCopy';
  requestId: string;
  /** Its short reference, drawn by the caller and not taken by another request. */
  reference: string;
  visitorId: string;
  /** The requester's personal data, already sealed under their visitor key: the decider never sees it in the clear. */
  sealed: { email: string; name: string; address: string };
  documentNumber: string;
  version: number;
  quantity: number;
  document: PublicDocumentFacts | undefined;
  /** The command's one reading of the clock. */
  now: Date;
}

export interface DispatchPaperCopy {
  type: 'DispatchPaperCopy';
  actorUserId: string;
  actorName: string;
  now: Date;
}

export type PaperCopyCommand = RequestPaperCopy | DispatchPaperCopy;

function decideRequest(state: PaperCopyState, command: RequestPaperCopy): Decision<PaperCopyEvent> {
  if (state.exists) return { events: [], rejection: { code: 'paper-copy-exists' } };
  const document = command.document;
  if (!document || document.documentNumber !== command.documentNumber) return { events: [], rejection: { code: 'paper-copy-document-not-public' } };
  if (document.version !== command.version) {
    return { events: [], rejection: { code: 'paper-copy-version-not-current', requested: command.version, current: document.version } };
  }
  const requestedOn = utcDay(command.now);
  return {
    events: [
      {
        type: 'PaperCopyRequested',
        data: {
          requestId: command.requestId,
          reference: command.reference,
          visitorId: command.visitorId,
          ...command.sealed,
          childDocumentId: document.childDocumentId,
          documentNumber: document.documentNumber,
          version: document.version,
          docName: document.docName,
          customerId: document.customerId,
          quantity: command.quantity,
          requestedOn,
          dueDate: paperCopyDueDate(requestedOn),
        },
      },
    ],
  };
}

function decideDispatch(state: PaperCopyState, command: DispatchPaperCopy): Decision<PaperCopyEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'paper-copy-request-not-found' } };
  if (state.dispatched) return { events: [], rejection: { code: 'paper-copy-already-dispatched' } };
  return {
    events: [
      {
        type: 'PaperCopyDispatched',
        data: {
          requestId: state.requestId,
          documentNumber: state.documentNumber,
          dispatchedBy: command.actorUserId,
          dispatchedByName: command.actorName,
          dispatchedAt: command.now.toISOString(),
        },
      },
    ],
  };
}

/** A paper-copy request (`paper-copy-<requestId>`): asked for by a visitor, dispatched once by an ADMIN. */
export const paperCopyDecider: Decider<PaperCopyCommand, PaperCopyEvent, PaperCopyState> = {
  name: 'paper-copy',
  initialState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'RequestPaperCopy':
        return decideRequest(state, command);
      case 'DispatchPaperCopy':
        return decideDispatch(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

export interface NotifyOverdue {
  type: 'NotifyOverdue';
  /** Today (UTC), from the command's clock. */
  day: string;
  /** The open requests whose due date is before `day`. */
  requestIds: string[];
  /** The active ADMINs to be mailed. */
  recipients: number;
}

/**
 * The daily reminder of overdue requests (`paper-copy-overdue-notices`): at most one a day, and none when nothing is
 * overdue or nobody could be told. Recorded before the mails go, so two API processes never both send it.
 */
export const paperCopyOverdueDecider: Decider<NotifyOverdue, PaperCopyOverdueEvent, { lastDay: string | null }> = {
  name: 'paper-copy-overdue',
  initialState: () => ({ lastDay: null }),
  evolve: (_state, event) => ({ lastDay: event.data.day }),
  decide(command, state) {
    if (command.requestIds.length === 0 || command.recipients === 0) return { events: [] };
    if (state.lastDay !== null && state.lastDay >= command.day) return { events: [] };
    return { events: [{ type: 'PaperCopyOverdueNotified', data: { day: command.day, requestIds: command.requestIds, recipients: command.recipients } }] };
  },
};

/** A request is overdue once its due date has passed (UTC) and it was not dispatched. */
export const isOverdue = (request: { status: 'OPEN' | 'DISPATCHED'; dueDate: string }, today: string) => request.status === 'OPEN' && request.dueDate < today;
