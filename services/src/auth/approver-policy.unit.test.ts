import { describe, expect, it } from 'vitest';
import { approverChoiceRefusal, type ApproverFacts, deciderRefusal } from './approver-policy';

const admin = (id: string, overrides: Partial<ApproverFacts> = {}): ApproverFacts => ({ id, role: 'ADMIN', active: true, ...overrides });

describe('the approver policy: who may be chosen as an approver', () => {
  it('given an active ADMIN other than the person choosing and the creator, when chosen, then nothing refuses it', () => {
    expect(approverChoiceRefusal(admin('alma'), { actorUserId: 'ada', createdBy: null })).toBeUndefined();
    expect(approverChoiceRefusal(admin('alma'), { actorUserId: 'otto', createdBy: 'ada' })).toBeUndefined();
  });

  const refused: Array<[string, ApproverFacts | undefined, { actorUserId: string; createdBy: string | null }]> = [
    ['no such account', undefined, { actorUserId: 'ada', createdBy: null }],
    ['a USER', admin('uma', { role: 'USER' }), { actorUserId: 'ada', createdBy: null }],
    ['an inactive (deactivated or deleted) ADMIN', admin('ivy', { active: false }), { actorUserId: 'ada', createdBy: null }],
    ['the person filling in the form', admin('ada'), { actorUserId: 'ada', createdBy: null }],
    ["the record's creator, chosen by another ADMIN", admin('ada'), { actorUserId: 'otto', createdBy: 'ada' }],
  ];
  for (const [who, approver, choice] of refused) {
    it(`given ${who}, when chosen as the approver, then approver-not-eligible`, () => {
      expect(approverChoiceRefusal(approver, choice)).toBe('approver-not-eligible');
    });
  }
});

describe('the approver policy: who may decide', () => {
  const record = { approverId: 'alma', createdBy: 'ada', lastEditedBy: 'ada' };

  it('given the assigned approver, an ADMIN who neither created nor last edited the record, when they decide, then nothing refuses it', () => {
    expect(deciderRefusal(record, { id: 'alma', role: 'ADMIN' })).toBeUndefined();
  });

  it('given anyone else, even an ADMIN, when they decide, then not-assigned (each aggregate names it in its own words)', () => {
    expect(deciderRefusal(record, { id: 'otto', role: 'ADMIN' })).toBe('not-assigned');
    expect(deciderRefusal(record, { id: 'ada', role: 'USER' })).toBe('not-assigned');
  });

  it('given the assigned approver demoted to USER since, when they decide, then signer-not-admin', () => {
    expect(deciderRefusal(record, { id: 'alma', role: 'USER' })).toBe('signer-not-admin');
  });

  it('given the assigned approver who created or last edited the record, when they decide, then approver-is-author', () => {
    expect(deciderRefusal({ ...record, lastEditedBy: 'alma' }, { id: 'alma', role: 'ADMIN' })).toBe('approver-is-author');
    expect(deciderRefusal({ ...record, createdBy: 'alma' }, { id: 'alma', role: 'ADMIN' })).toBe('approver-is-author');
  });

  it('given a record whose authors are unknown (null), when its approver decides, then only the assignment and the role count', () => {
    expect(deciderRefusal({ approverId: 'alma', createdBy: null, lastEditedBy: null }, { id: 'alma', role: 'ADMIN' })).toBeUndefined();
  });
});
