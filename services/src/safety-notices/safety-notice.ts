import { SAFETY_NOTICE_ATTEMPTS, type SafetyNoticeDocument, type SafetyNoticeEvent } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';

/** One visitor's notice of one safety revision, as folded: recorded (and not refused by the mailer since), and how often tried. */
export interface VisitorNotice {
  sent: boolean;
  attempts: number;
}

/** A safety revision's notices, folded from `safety-notices-<parentChangeId>`. */
export interface SafetyNoticesState {
  visitors: Record<string, VisitorNotice>;
}

/** The change order as the read models have it when the job runs: what makes it a safety revision in effect. */
export interface RevisionFacts {
  parentChangeId: string;
  documentId: string;
  status: string;
  active: boolean;
  safetyRevision: boolean;
  /** true is Offline. */
  isInternal: boolean;
  /** `YYYY-MM-DD` */
  effectiveDate: string;
}

export interface SendSafetyNotice {
  type: 'SendSafetyNotice';
  revision: RevisionFacts | undefined;
  visitorId: string;
  documents: SafetyNoticeDocument[];
  /** Today (UTC, `YYYY-MM-DD`), from the job's one reading of the clock. */
  today: string;
}

export interface RecordUndelivered {
  type: 'RecordUndelivered';
  parentChangeId: string;
  documentId: string;
  visitorId: string;
}

export type SafetyNoticeCommand = SendSafetyNotice | RecordUndelivered;

const initialState = (): SafetyNoticesState => ({ visitors: {} });

export function evolve(state: SafetyNoticesState, event: SafetyNoticeEvent): SafetyNoticesState {
  const visitorId = event.data.visitorId;
  const before = state.visitors[visitorId] ?? { sent: false, attempts: 0 };
  switch (event.type) {
    case 'SafetyNoticeSent':
      return { visitors: { ...state.visitors, [visitorId]: { sent: true, attempts: before.attempts + 1 } } };
    case 'SafetyNoticeNotDelivered':
      return { visitors: { ...state.visitors, [visitorId]: { ...before, sent: false } } };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** A safety revision mails its readers only once it is approved, active, Online and in effect (its new versions public). */
export const revisionInEffect = (revision: RevisionFacts | undefined, today: string): revision is RevisionFacts =>
  revision !== undefined && revision.safetyRevision && revision.status === 'APPROVED' && revision.active && !revision.isInternal && revision.effectiveDate <= today;

function decideSend(state: SafetyNoticesState, command: SendSafetyNotice): Decision<SafetyNoticeEvent> {
  const { revision } = command;
  if (!revisionInEffect(revision, command.today) || command.documents.length === 0) return { events: [] };
  const notice = state.visitors[command.visitorId];
  if (notice?.sent || (notice?.attempts ?? 0) >= SAFETY_NOTICE_ATTEMPTS) return { events: [] };
  return {
    events: [
      {
        type: 'SafetyNoticeSent',
        data: { parentChangeId: revision.parentChangeId, documentId: revision.documentId, visitorId: command.visitorId, documents: command.documents },
      },
    ],
  };
}

function decideUndelivered(state: SafetyNoticesState, command: RecordUndelivered): Decision<SafetyNoticeEvent> {
  const notice = state.visitors[command.visitorId];
  if (!notice?.sent) return { events: [] };
  return {
    events: [
      {
        type: 'SafetyNoticeNotDelivered',
        data: { parentChangeId: command.parentChangeId, documentId: command.documentId, visitorId: command.visitorId, attempt: notice.attempts },
      },
    ],
  };
}

/**
 * The notices of one safety revision (`safety-notices-<parentChangeId>`): one per visitor, recorded before the mail is
 * handed to the mailer (two runs, or two API processes, never both send it); a notice the mailer refused is tried
 * again by a later run, `SAFETY_NOTICE_ATTEMPTS` times in all. Nothing before the revision is in effect.
 */
export const safetyNoticeDecider: Decider<SafetyNoticeCommand, SafetyNoticeEvent, SafetyNoticesState> = {
  name: 'safety-notices',
  initialState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'SendSafetyNotice':
        return decideSend(state, command);
      case 'RecordUndelivered':
        return decideUndelivered(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
