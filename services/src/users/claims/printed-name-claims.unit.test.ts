import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { claimDecider } from '../../platform/unique-claims';
import { AddUserRequest } from '@ifu/contracts';
import { legacyPrintedNameKey, printedName, printedNameKey, printedNamePlan } from './printed-name-claims';
import { foldUser } from '../../auth';

/** A signature's printed name names one active user (21 CFR 11.100). */
describe('printed names', () => {
  describe('the key names are compared by', () => {
    it('when names differ only in case, spacing or Unicode form, then they are one name', () => {
      const key = printedNameKey({ firstName: 'Zoë', lastName: 'Müller' });
      expect(key).toBe(printedNameKey({ firstName: 'zoë', lastName: 'müller' }));
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
      expect(printedNameKey({ firstName: 'Alma', lastName: 'Approver' })).not.toBe(printedNameKey({ firstName: 'Alma', lastName: 'Approved' }));
    });

    // Names that print alike are one name (UTS #39 skeleton after NFKC and case folding).
    it.each([
      ['Cyrillic А', '\u0410lma', 'Approver'],
      ['Cyrillic о', 'Alma', 'Appr\u043ever'],
      ['Greek Α and ο', '\u0391lma', 'Appr\u03bfver'],
      ['full-width letters', '\uff21\uff4c\uff4d\uff41', 'Approver'],
      ['mathematical letters', '\ud835\udc00lma', 'Approver'],
      ['a Hangul filler', 'Alma\u3164', 'Approver'],
      ['a half-width Hangul filler', 'Alma\uffa0', 'Approver'],
      ['the Hangul choseong filler', '\u115fAlma', 'Approver'],
      ['a combining grapheme joiner', 'Al\u034fma', 'Approver'],
      ['a braille blank', 'Alma', 'Approver\u2800'],
      ['a digit one for a lower-case L', 'A1ma', 'Approver'],
      ['"rn" for "m"', 'Alrna', 'Approver'],
      ['a word joiner and a soft hyphen', 'Al\u2060ma', 'Ap\u00adprover'],
    ])('when a name differs by %s, then it is the same name as "Alma Approver"', (_what, firstName, lastName) => {
      expect(printedNameKey({ firstName, lastName })).toBe(printedNameKey({ firstName: 'Alma', lastName: 'Approver' }));
    });

    it('when case folds letters lower case keeps apart, then they are one name', () => {
      expect(printedNameKey({ firstName: 'Jürgen', lastName: 'Strauß' })).toBe(printedNameKey({ firstName: 'JÜRGEN', lastName: 'STRAUSS' }));
    });

    it('a name as compared is not the name as stored: claims keep the name as written', () => {
      const stream = printedName.streamOf('Alma Approver');
      expect(printedName.streamOf('\u0410lma Appr\u043ever')).toBe(stream);
      expect(printedName.data('Alma Approver', 'u-1')).toEqual({ printedName: 'Alma Approver', userId: 'u-1' });
      // The key before look-alikes counted, where claims made then are.
      expect(legacyPrintedNameKey({ firstName: 'Alma', lastName: 'Approver' })).toBe('alma approver');
    });

    it('a very long name (compatibility forms expand) names its stream by a hash, within what an index holds', () => {
      const stream = printedName.streamOf(`${'\ufdfa'.repeat(100)} ${'\ufdfa'.repeat(100)}`);
      expect(stream).toMatch(/^printed-name-sha256-[0-9a-f]{64}$/);
    });
  });

  describe('a printed name is refused when it holds a character that prints as nothing', () => {
    const valid = { email: 'alma@example.com', firstName: 'Alma', lastName: 'Approver', isTrainingCompleted: true };
    it.each([
      ['firstName', 'Alma\u3164'],
      ['firstName', 'Al\u034fma'],
      ['firstName', '\u115fAlma'],
      ['lastName', 'Approver\u2800'],
      ['lastName', 'Appro\u200bver'],
      ['lastName', 'Approver\uffa0'],
      ['firstName', 'Al\u200dma'],
    ])('%s %j: refused naming the field', (field, value) => {
      const parsed = AddUserRequest.safeParse({ ...valid, [field]: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, 'must not contain invisible or blank filler characters']]);
    });
    it('letters of any script, accents, apostrophes and hyphens are names', () => {
      for (const [firstName, lastName] of [['Zoë', "O'Brien-Müller"], ['Алма', 'Апрувер'], ['Nguyễn', 'Thị'], ['李', '小龍']]) {
        expect(AddUserRequest.safeParse({ ...valid, firstName, lastName }).success).toBe(true);
      }
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
      expect(plan([], [registered])).toEqual({ claim: 'Ann Lee' });
    });
    it('when an active user is renamed, then the new name is claimed and the old released', () => {
      expect(plan([registered], [renamed('Ann', 'Smith')])).toEqual({ claim: 'Ann Smith', release: 'Ann Lee' });
    });
    it('when only the case or spacing of the name changes, or a letter for its look-alike, then nothing is claimed or released', () => {
      expect(plan([registered], [renamed('ANN ', 'lee')])).toEqual({});
      expect(plan([registered], [renamed('\u0410nn', 'Lee')])).toEqual({});
    });
    it('when a user is deactivated, then their name is released (another user may have it)', () => {
      expect(plan([registered], [deactivated])).toEqual({ release: 'Ann Lee' });
    });
    it('when a deactivated user is reactivated, then their name is claimed again', () => {
      expect(plan([registered, deactivated], [reactivated])).toEqual({ claim: 'Ann Lee' });
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
