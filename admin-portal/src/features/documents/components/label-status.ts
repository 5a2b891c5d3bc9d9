import { formatEffectiveDate } from './change-order-format';

/**
 * Whether the label's address answers with this child yet: only once its change order is approved and its effective
 * date (UTC) has come; before that a scan finds the day it takes effect, or nothing.
 */
export const labelStatus = (approved: boolean, effectiveDate: string | undefined, today = new Date().toISOString().slice(0, 10)): { inEffect: boolean; text: string } => {
  const day = effectiveDate?.slice(0, 10);
  const shown = day ? formatEffectiveDate(day) : undefined;
  if (!approved) {
    return { inEffect: false, text: `Not yet in effect: this address answers once the change order is approved${shown ? ` and its effective date, ${shown}, has come` : ''}.` };
  }
  if (day && day > today) return { inEffect: false, text: `Not yet in effect: approved; this address answers from ${shown}.` };
  return { inEffect: true, text: shown ? `In effect since ${shown}: this address answers.` : 'In effect: this address answers.' };
};
