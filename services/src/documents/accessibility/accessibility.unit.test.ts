import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { approved, childAdded, created, rejected as rejectedOrder, sign } from '../change-order.fixtures';
import { accessibilityDecider } from './rules';

const spec = deciderSpec(accessibilityDecider);

describe('change order decider', () => {
  const switchTo = (isInternal: boolean, actorRole: 'ADMIN' | 'USER' = 'ADMIN') => ({
    type: 'ChangeAccessibility' as const,
    isInternal,
    reason: 'Recalled for relabelling',
    actorUserId: 'admin',
    actorRole,
  });

  it('given a rejected change order, when an ADMIN switches it Offline with a reason, then recorded at once with who and why; the same value again records nothing', () => {
    spec
      .given(created, childAdded('k1', 1), rejectedOrder)
      .when(switchTo(true))
      .then([
        {
          type: 'ChangeOrderAccessibilityChanged',
          data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
        },
      ]);
    spec.given(created, childAdded('k1', 1), rejectedOrder).when(switchTo(false)).thenNothing();
  });

  describe('an Online/Offline switch of an approved change order: at once (spec §4); a change left pending in the log (issue 22)', () => {
    const proposed: DocumentEvent = {
      type: 'ChangeOrderAccessibilityProposed',
      data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, requestedBy: 'admin', reason: 'Recalled for relabelling' },
    };
    const decideSwitch = (signerId: string, approve: boolean, reason = '', signerRole: 'ADMIN' | 'USER' = 'ADMIN') => ({
      type: 'DecideAccessibility' as const,
      approve,
      reason,
      signature: sign(signerId, approve ? 'approval' : 'rejection'),
      signerRole,
    });

    it('given an approved change order, when an ADMIN switches it Offline, then it takes effect at once (no proposal, no signature); the same value records nothing', () => {
      const offline: DocumentEvent = {
        type: 'ChangeOrderAccessibilityChanged',
        data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
      };
      spec.given(created, childAdded('k1', 1), approved).when(switchTo(true)).then([offline]);
      spec.given(created, childAdded('k1', 1), approved).when(switchTo(false)).thenNothing();
      const state = [created, childAdded('k1', 1), approved, offline].reduce(accessibilityDecider.evolve, accessibilityDecider.initialState());
      expect(state.details!.isInternal).toBe(true);
      expect(state.pendingAccessibility).toBeNull();
      // And back Online at once.
      spec
        .given(created, childAdded('k1', 1), approved, offline)
        .when(switchTo(false))
        .then([{ type: 'ChangeOrderAccessibilityChanged', data: { ...offline.data, isInternal: false, previous: true } } as DocumentEvent]);
    });

    it('given an approved change order, when its approver (an ADMIN) switches it, or no reason is given, then it takes effect at once, the reason left out', () => {
      spec
        .given(created, childAdded('k1', 1), approved)
        .when({ ...switchTo(true), actorUserId: 'approver', reason: undefined })
        .then([{ type: 'ChangeOrderAccessibilityChanged', data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'approver' } }]);
    });

    it('given a change left pending in the log, when an ADMIN switches it, then it takes effect at once and nothing is pending any more', () => {
      spec
        .given(created, childAdded('k1', 1), approved, proposed)
        .when(switchTo(true))
        .then([
          {
            type: 'ChangeOrderAccessibilityChanged',
            data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin', reason: 'Recalled for relabelling' },
          },
        ]);
      const state = [created, childAdded('k1', 1), approved, proposed].reduce(accessibilityDecider.evolve, accessibilityDecider.initialState());
      expect(state.details!.isInternal).toBe(false);
      expect(state.pendingAccessibility).toEqual({ isInternal: true, requestedBy: 'admin', reason: 'Recalled for relabelling' });
    });

    it('given a pending change, when the approver signs it, then ChangeOrderAccessibilityChanged with the request and the signature, and nothing is pending', () => {
      spec
        .given(created, childAdded('k1', 1), approved, proposed)
        .when(decideSwitch('approver', true))
        .then([
          {
            type: 'ChangeOrderAccessibilityChanged',
            data: {
              parentChangeId: 'p1',
              documentId: 'CO-2026-00042',
              isInternal: true,
              previous: false,
              changedBy: 'admin',
              reason: 'Recalled for relabelling',
              signature: sign('approver', 'approval'),
            },
          },
        ]);
    });

    it('given a pending change, when the approver rejects it with a reason, then ChangeOrderAccessibilityRejected and the approved value stays; without a reason, refused', () => {
      const rejectedSwitch: DocumentEvent = {
        type: 'ChangeOrderAccessibilityRejected',
        data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, requestedBy: 'admin', reason: 'Still sold', signature: sign('approver', 'rejection') },
      };
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', false, 'Still sold')).then([rejectedSwitch]);
      const state = [created, childAdded('k1', 1), approved, proposed, rejectedSwitch].reduce(accessibilityDecider.evolve, accessibilityDecider.initialState());
      expect(state.details!.isInternal).toBe(false);
      expect(state.pendingAccessibility).toBeNull();
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', false, '  ')).thenRefuses({ code: 'accessibility-reason-required' });
    });

    it('given a pending change, when the requester, another ADMIN or a USER decides, or nothing is pending, then refused', () => {
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('admin', true)).thenRefuses({ code: 'accessibility-requester-decides' });
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('other', true)).thenRefuses({ code: 'not-the-document-approver' });
      spec.given(created, childAdded('k1', 1), approved, proposed).when(decideSwitch('approver', true, '', 'USER')).thenRefuses({ code: 'signer-not-admin' });
      spec.given(created, childAdded('k1', 1), approved).when(decideSwitch('approver', true)).thenRefuses({ code: 'accessibility-not-pending' });
      spec.given().when(decideSwitch('approver', true)).thenRefuses({ code: 'document-not-found' });
    });
  });

  it('given a switch recorded before reasons were asked for (no reason), when an ADMIN switches it back, then it folds and is recorded', () => {
    const oldSwitch: DocumentEvent = {
      type: 'ChangeOrderAccessibilityChanged',
      data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: true, previous: false, changedBy: 'admin' },
    };
    spec
      .given(created, childAdded('k1', 1), rejectedOrder, oldSwitch)
      .when(switchTo(false))
      .then([
        {
          type: 'ChangeOrderAccessibilityChanged',
          data: { parentChangeId: 'p1', documentId: 'CO-2026-00042', isInternal: false, previous: true, changedBy: 'admin', reason: 'Recalled for relabelling' },
        },
      ]);
  });

  it('given a change order, when a USER switches it or it is still pending, then refused', () => {
    spec.given(created, childAdded('k1', 1), approved).when(switchTo(true, 'USER')).thenRefuses({ code: 'admin-only' });
    spec.given(created, childAdded('k1', 1)).when(switchTo(true)).thenRefuses({ code: 'document-undecided' });
    spec.given().when(switchTo(true)).thenRefuses({ code: 'document-not-found' });
  });
});
