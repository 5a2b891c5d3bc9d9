import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { customerFormDefaults, customerFormSchema, toCustomerFormData } from './customer-form-values';

const create = customerFormSchema({ logoRequired: true });
const edit = customerFormSchema({ logoRequired: false });

const messages = (schema: typeof create, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const logo = new File([new Uint8Array([137, 80, 78, 71])], 'acme.png', { type: 'image/png' });
const valid = {
  ...customerFormDefaults(),
  customerName: 'Acme Medical',
  contactInformation: '+1 (555) 010-2030',
  contactEmail: 'contact@acme.example',
  countries: ['US', 'DE'],
  approverId: 'approver-1',
  customerWebsiteLink: 'https://acme.example',
  customerLogo: logo,
};

const customer: CustomerView = {
  id: 'c-1',
  customerName: 'Acme Medical',
  contactEmail: 'contact@acme.example',
  contactInformation: '15550102030',
  countryExclusionList: 'US,DE',
  customerWebsiteLink: '',
  approverId: 'approver-1',
  approver: { id: 'approver-1', name: 'Alma Approver', email: 'alma@example.com' },
  openAccess: false,
  logoUrl: 'http://localhost:8080/customer/logo/c-1',
  status: 'REQUIRE_APPROVAL',
  approvedDate: null,
  searchUrl: null,
  decision: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('the customer form', () => {
  it('when submitted empty on create, then every required field says so with the spec texts', () => {
    expect(messages(create, customerFormDefaults())).toEqual([
      `customerName: ${CUSTOMER_MESSAGES.nameRequired}`,
      `contactInformation: ${CUSTOMER_MESSAGES.contactRequired}`,
      `contactEmail: ${CUSTOMER_MESSAGES.emailRequired}`,
      `approverId: ${CUSTOMER_MESSAGES.approverRequired}`,
      `customerLogo: ${CUSTOMER_MESSAGES.logoRequired}`,
    ]);
  });

  it('when the name is a number, the contact number too short or long, the email or URL malformed, then the spec messages show', () => {
    const wrong = { ...valid, customerName: '12 345', contactInformation: '555-0102', contactEmail: 'acme@', customerWebsiteLink: 'acme' };
    expect(messages(create, wrong)).toEqual([
      `customerName: ${CUSTOMER_MESSAGES.notANumber}`,
      `contactInformation: ${CUSTOMER_MESSAGES.contactLength}`,
      `contactEmail: ${CUSTOMER_MESSAGES.emailInvalid}`,
      `customerWebsiteLink: ${CUSTOMER_MESSAGES.invalidUrl}`,
    ]);
    expect(messages(create, { ...valid, contactInformation: '1234567890123456' })).toEqual([
      `contactInformation: ${CUSTOMER_MESSAGES.contactLength}`,
    ]);
  });

  it('when editing, then the logo may stay empty and the stored values are the defaults', () => {
    const defaults = customerFormDefaults(customer);
    expect(defaults).toMatchObject({ countries: ['US', 'DE'], contactInformation: '15550102030', customerLogo: null });
    expect(messages(edit, defaults)).toEqual([]);
  });

  it('when valid, then the multipart body carries the spec fields with the contact number as digits only, and the choice of reading without a link ((a) unless chosen)', () => {
    const body = toCustomerFormData(create.parse(valid));
    expect(Object.fromEntries([...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]))).toEqual({
      contactEmail: 'contact@acme.example',
      contactInformation: '15550102030',
      countryExclusionList: 'US,DE',
      customerName: 'Acme Medical',
      customerWebsiteLink: 'https://acme.example',
      approverId: 'approver-1',
      visitorAccess: 'emailed-link',
      customerLogo: 'acme.png',
    });
    expect(toCustomerFormData(create.parse({ ...valid, visitorAccess: 'scanned-document' })).get('visitorAccess')).toBe('scanned-document');
    expect(messages(create, { ...valid, visitorAccess: 'everyone' as never })).toEqual(['visitorAccess: visitorAccess must be emailed-link, scanned-document or open']);
  });

  it('when editing, then the choice starts from the customer’s, or from the change waiting for approval', () => {
    expect(customerFormDefaults({ ...customer, visitorAccess: 'open' }).visitorAccess).toBe('open');
    expect(customerFormDefaults(customer).visitorAccess).toBe('emailed-link');
  });

  it('when updating without a new logo, then id is sent and customerLogo is not', () => {
    const body = toCustomerFormData(edit.parse(customerFormDefaults(customer)), 'c-1');
    expect(body.get('id')).toBe('c-1');
    expect(body.has('customerLogo')).toBe(false);
  });
  it('when an approved customer has a change waiting for approval, then the edit form starts from the pending values', () => {
    const pending: CustomerView = {
      ...customer,
      status: 'APPROVED',
      pendingChange: {
        customerName: 'Acme Health',
        contactEmail: 'contact@acme.example',
        contactInformation: '15550102030',
        countryExclusionList: 'FR',
        customerWebsiteLink: 'https://new.acme.example',
        approverId: 'approver-2',
        approver: { id: 'approver-2', name: 'Sam Second', email: 'sam@example.com' },
        logoUrl: null,
        changed: ['customerName', 'countryExclusionList', 'customerWebsiteLink', 'approverId'],
        proposedAt: '2026-11-27T10:00:00.000Z',
      },
    };
    expect(customerFormDefaults(pending)).toMatchObject({ customerName: 'Acme Health', countries: ['FR'], customerWebsiteLink: 'https://new.acme.example', approverId: 'approver-2' });
    expect(customerFormDefaults({ ...pending, pendingChange: null })).toMatchObject({ customerName: 'Acme Medical', countries: ['US', 'DE'], customerWebsiteLink: '', approverId: 'approver-1' });
  });
});
