import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import { type AbsenceCommand, absenceDecider, type DeclareAbsence } from './rules';

const spec = deciderSpec(absenceDecider);
const at = '2026-11-23T09:00:00.000Z';
const today = at.slice(0, 10);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'u1@example.com', firstName: 'Una', lastName: 'User', role: 'ADMIN', isTrainingCompleted: true, origin: 'admin' },
};
const deputy: ApproverFacts = { id: 'deputy', role: 'ADMIN', active: true };

const declare = (overrides: Partial<DeclareAbsence> = {}): AbsenceCommand => ({
  type: 'DeclareAbsence',
  from: '2026-11-24',
  until: '2026-11-30',
  delegateId: 'deputy',
  delegate: deputy,
  today,
  at,
  actorUserId: 'u1',
  ...overrides,
});
const declared = (overrides: Partial<Extract<UserEvent, { type: 'AbsenceDeclared' }>['data']> = {}): UserEvent => ({
  type: 'AbsenceDeclared',
  data: { userId: 'u1', from: '2026-11-24', until: '2026-11-30', delegateId: 'deputy', at, declaredBy: 'u1', ...overrides },
});
const end: AbsenceCommand = { type: 'EndAbsence', today, at, actorUserId: 'u1' };

describe('a user’s absence and delegate', () => {
  it('given a user, when they declare an absence with an active ADMIN as delegate, then it is recorded on their stream', () => {
    spec.given(registered).when(declare()).then([declared()]);
  });

  it('given a user, when an ADMIN declares it for them, then the event says who declared it', () => {
    spec.given(registered).when(declare({ actorUserId: 'admin' })).then([declared({ declaredBy: 'admin' })]);
  });

  it('given an absence, when the same one is declared again, then nothing; when another, then it replaces it', () => {
    spec.given(registered, declared()).when(declare()).thenNothing();
    spec.given(registered, declared()).when(declare({ until: '2026-12-04' })).then([declared({ until: '2026-12-04' })]);
  });

  it('when the delegate is the user, unknown, not an ADMIN or inactive, then absence-delegate-not-eligible', () => {
    const given = spec.given(registered);
    given.when(declare({ delegateId: 'u1', delegate: { ...deputy, id: 'u1' } })).thenRefuses({ code: 'absence-delegate-not-eligible' });
    given.when(declare({ delegate: undefined })).thenRefuses({ code: 'absence-delegate-not-eligible' });
    given.when(declare({ delegate: { ...deputy, role: 'USER' } })).thenRefuses({ code: 'absence-delegate-not-eligible' });
    given.when(declare({ delegate: { ...deputy, active: false } })).thenRefuses({ code: 'absence-delegate-not-eligible' });
  });

  it('when the absence is over already, or longer than a year, then refused', () => {
    const given = spec.given(registered);
    given.when(declare({ from: '2026-11-01', until: '2026-11-22' })).thenRefuses({ code: 'absence-until-past' });
    given.when(declare({ from: '2026-11-23', until: '2027-11-24' })).thenRefuses({ code: 'absence-too-long' });
    given.when(declare({ from: '2026-11-23', until: '2027-11-23' })).then([declared({ from: '2026-11-23', until: '2027-11-23' })]);
  });

  it('given no user, then user-not-found', () => {
    spec.given().when(declare()).thenRefuses({ code: 'user-not-found' });
  });

  it('given an absence not over, when it is ended, then AbsenceEnded; given none (or one over), then nothing', () => {
    spec.given(registered, declared()).when(end).then([{ type: 'AbsenceEnded', data: { userId: 'u1', at, endedBy: 'u1' } }]);
    spec.given(registered).when(end).thenNothing();
    spec.given(registered, declared({ from: '2026-11-01', until: '2026-11-20' })).when(end).thenNothing();
  });

  it('the account folds the absence (what an approver’s facts carry) and forgets it once ended', () => {
    const fold = (...events: UserEvent[]) => events.reduce(absenceDecider.evolve, absenceDecider.initialState());
    expect(fold(registered, declared()).absence).toEqual({ from: '2026-11-24', until: '2026-11-30', delegateId: 'deputy' });
    expect(fold(registered, declared(), { type: 'AbsenceEnded', data: { userId: 'u1', at, endedBy: 'u1' } }).absence).toBeNull();
  });
});
