import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { changeOrderNumbersDecider } from './change-order-numbers';

describe('change order numbers', () => {
  const numbers = deciderSpec(changeOrderNumbersDecider);
  it('given numbers up to 41 this year and 7 last year, when one is asked for, then 42 of this year', () => {
    numbers
      .given(
        { type: 'ChangeOrderNumberAssigned', data: { year: 2025, number: 7, documentId: 'CO-2025-00007', parentChangeId: 'x' } },
        { type: 'ChangeOrderNumberAssigned', data: { year: 2026, number: 41, documentId: 'CO-2026-00041', parentChangeId: 'y' } },
      )
      .when({ type: 'AssignNumber', year: 2026, parentChangeId: 'p' })
      .then([{ type: 'ChangeOrderNumberAssigned', data: { year: 2026, number: 42, documentId: 'CO-2026-00042', parentChangeId: 'p' } }]);
  });
});
