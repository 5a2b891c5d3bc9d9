import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { claimDecider } from '../platform/unique-claims';
import { printedName, printedNameKey, printedNamePlan } from './printed-name-claims';
import { foldUser } from './user';

/** Issue 19, finding 10: a signature's printed name names one active user (21 CFR 11.100). */
describe('printed names', () => {
  describe('the key names are compared by', () => {
    it('when names differ only in case, spacing or Unicode form, then they are one name', () => {
      const key = printedNameKey({ firstName: 'Zoë', lastName: 'Müller' });
      expect(key).toBe('zoë müller');
      expect(printedNameKey({ firstName: '  ZOË ', lastName: 'MÜLLER  ' })).toBe(key);
      expect(printedNameKey({ firstName: 'Zoe\u0308', lastName: 'Mu\u0308ller' })).toBe(key); // decomposed (NFD)
      expect(printedNameKey({ firstName: 'Zoë\u00a0', lastName: '\u2003Müller' })).toBe(key); // no-break and em spaces
      expect(printedNameKey({ firstName: 'Zo\u200bë', lastName: 'Mül\u202eler' })).toBe(key); // zero-width space, bidi override
    });

    it('when the words print the same split differently between first and last name, then they are one name', () => {
      expect(printedNameKey({ firstName: 'Ann Marie', lastName: 'Lee' })).toBe(printedNameKey({ firstName: 'Ann', lastName: 'Marie  Lee' }));
    });

    it('when a letter differs, then they are two names', () => {
      expect(printedNameKey({ firstName: 'Zoe', lastName: 'Müller' })).not.toBe(printedNameKey({ firstName: 'Zoë', lastName: 'Müller' }));
      expect(printedNameKey({ firstName: 'Ann', lastName: 'Lee' })).not.toBe(printedNameKey({ firstName: 'Ann', lastName: 'L. Lee' }));
    });
  });

  describe('what a change of the record claims and releases', () => {
    const userId = 'u-1';
    const registered: UserEvent = {
      type: 'UserRegistered',
      data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
    };
    const renamed = (firstName: string, lastName: string): UserEvent => ({
      type: 'UserModified',
      data: { userId, email: 'ann@example.com', firstName, lastName, role: 'USER', isTrainingCompleted: true, changed: ['firstName', 'lastName'] },
    });
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId, at: '2026-11-21T10:00:00.000Z' } };
    const reactivated: UserEvent = { type: 'UserReactivated', data: { userId, at: '2026-11-21T11:00:00.000Z' } };
    const plan = (given: UserEvent[], then: UserEvent[]) => printedNamePlan(foldUser(given), foldUser([...given, ...then]));

    it('when a user is registered, then their name is claimed', () => {
      expect(plan([], [registered])).toEqual({ claim: 'ann lee' });
    });
    it('when an active user is renamed, then the new name is claimed and the old released', () => {
      expect(plan([registered], [renamed('Ann', 'Smith')])).toEqual({ claim: 'ann smith', release: 'ann lee' });
    });
    it('when only the case or spacing of the name changes, then nothing is claimed or released', () => {
      expect(plan([registered], [renamed('ANN ', 'lee')])).toEqual({});
    });
    it('when a user is deactivated, then their name is released (another user may have it)', () => {
      expect(plan([registered], [deactivated])).toEqual({ release: 'ann lee' });
    });
    it('when a deactivated user is reactivated, then their name is claimed again', () => {
      expect(plan([registered, deactivated], [reactivated])).toEqual({ claim: 'ann lee' });
    });
    it('when a deactivated user is renamed, then nothing (the name counts once they are active)', () => {
      expect(plan([registered, deactivated], [renamed('Ann', 'Smith')])).toEqual({});
    });
  });

  describe('the claim stream (decider)', () => {
    const spec = deciderSpec(claimDecider(printedName));
    const claimed = (userId: string) => ({ type: 'PrintedNameClaimed', data: { printedName: 'ann lee', userId } });
    const released = (userId: string) => ({ type: 'PrintedNameReleased', data: { printedName: 'ann lee', userId } });

    it('when nobody holds the name, then the claim is recorded', () => {
      spec.given().when({ type: 'Claim', value: 'ann lee', ownerId: 'u-1', holderGone: false }).then([claimed('u-1')]);
    });
    it('when another active user holds it, then 409 printed-name-taken', () => {
      spec.given(claimed('u-1')).when({ type: 'Claim', value: 'ann lee', ownerId: 'u-2', holderGone: false }).thenRefuses({ code: 'printed-name-taken' });
    });
    it('when its holder was deactivated (released), then another user may claim it', () => {
      spec.given(claimed('u-1'), released('u-1')).when({ type: 'Claim', value: 'ann lee', ownerId: 'u-2', holderGone: false }).then([claimed('u-2')]);
    });
    it('when the holder claims again, then nothing new', () => {
      spec.given(claimed('u-1')).when({ type: 'Claim', value: 'ann lee', ownerId: 'u-1', holderGone: false }).thenNothing();
    });
    it('when someone who does not hold it releases it, then nothing', () => {
      spec.given(claimed('u-1')).when({ type: 'Release', value: 'ann lee', ownerId: 'u-2' }).thenNothing();
    });
  });
});
