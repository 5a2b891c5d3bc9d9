import { ABSENCE_MAX_DAYS, type UserEvent } from '@ifu/contracts';
import type { ApproverFacts } from '../../auth';
import { asDecision, userDeciderOf } from '../user';

/**
 * A user's absence (on their own `user-<id>` stream): the days they are away and the delegate who takes, meanwhile,
 * what is submitted or reassigned to them (`auth/approver-policy.ts`'s `routedApprover`). Declared by the user, or by
 * an ADMIN for them (someone who falls ill does not declare it themselves). Nothing already waiting for them moves:
 * an ADMIN reassigns that.
 */
export interface DeclareAbsence {
  type: 'DeclareAbsence';
  from: string;
  until: string;
  delegateId: string;
  /** The delegate as their own stream has them now (undefined: no such user). */
  delegate: ApproverFacts | undefined;
  /** The UTC day the command runs: an absence already over is refused. */
  today: string;
  at: string;
  actorUserId: string;
}

export interface EndAbsence {
  type: 'EndAbsence';
  today: string;
  at: string;
  actorUserId: string;
}

export type AbsenceCommand = DeclareAbsence | EndAbsence;

const DAY_MS = 86_400_000;
const daysFrom = (from: string, until: string) => (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

export const absenceDecider = userDeciderOf<AbsenceCommand>((command, state) => {
  if (!state.exists || state.isDeleted) return asDecision({ events: [], rejection: 'user-not-found' });
  const userId = state.userId;
  if (command.type === 'EndAbsence') {
    // Nothing to end: none declared, or its last day has passed.
    if (!state.absence || state.absence.until < command.today) return { events: [] };
    return { events: [{ type: 'AbsenceEnded', data: { userId, at: command.at, endedBy: command.actorUserId } }] };
  }
  if (command.until < command.today) return asDecision({ events: [], rejection: 'absence-until-past' });
  if (daysFrom(command.from, command.until) > ABSENCE_MAX_DAYS) return asDecision({ events: [], rejection: 'absence-too-long' });
  const delegate = command.delegate;
  if (!delegate || delegate.id !== command.delegateId || delegate.id === userId || delegate.role !== 'ADMIN' || !delegate.active) {
    return asDecision({ events: [], rejection: 'absence-delegate-not-eligible' });
  }
  const same = state.absence?.from === command.from && state.absence.until === command.until && state.absence.delegateId === delegate.id;
  if (same) return { events: [] };
  const event: UserEvent = {
    type: 'AbsenceDeclared',
    data: { userId, from: command.from, until: command.until, delegateId: delegate.id, at: command.at, declaredBy: command.actorUserId },
  };
  return { events: [event] };
});
