import { describe, expect, it } from 'vitest';
import { isParentLogos } from './parent-logos';

const page = {
  customerName: 'Acme Medical',
  customerLogoUrl: null,
  globalNotification: '',
  customerNotification: 'Closed on Friday',
  globalNotices: [],
  customerNotices: [{ text: 'Closed on Friday', date: '2026-03-07' }],
  products: [{ parentChangeId: 'pc-1', productFamilyName: 'Infusion Pump', logoUrl: 'http://api.test/files/x' }],
};

describe('the customer page answer, checked by hand (no zod on the first page)', () => {
  it('when the answer has the contract shape, then it is accepted', () => {
    expect(isParentLogos(page)).toBe(true);
  });

  it('when a field is missing or of another type, then it is refused', () => {
    expect(isParentLogos({ ...page, products: [{ parentChangeId: 1, productFamilyName: 'x', logoUrl: null }] })).toBe(false);
    expect(isParentLogos({ ...page, globalNotification: null })).toBe(false);
    expect(isParentLogos({ ...page, products: undefined })).toBe(false);
    expect(isParentLogos({ ...page, globalNotices: undefined })).toBe(false);
    expect(isParentLogos({ ...page, customerNotices: [{ text: 'Closed on Friday' }] })).toBe(false);
    expect(isParentLogos(null)).toBe(false);
  });
});
