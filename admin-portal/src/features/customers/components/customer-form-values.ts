import {
  approverIdField,
  contactEmailField,
  contactInformationField,
  CUSTOMER_MESSAGES,
  customerNameField,
  DEFAULT_VISITOR_ACCESS,
  visitorAccessField,
  websiteField,
} from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import { z } from 'zod';

/**
 * The customer form (spec §5, Customer form): the server's own field rules and messages (services/contracts), so the
 * form says what the server would. The logo is required on create only; on edit an empty logo keeps the current one.
 */
export const customerFormSchema = ({ logoRequired }: { logoRequired: boolean }) =>
  z.object({
    customerName: customerNameField,
    /** Sent with non-digits removed; 10 to 15 digits. */
    contactInformation: contactInformationField,
    contactEmail: contactEmailField,
    /** ISO codes, stored comma-separated as `countryExclusionList`. */
    countries: z.array(z.string()),
    approverId: approverIdField,
    customerWebsiteLink: websiteField,
    /** Who reads without an emailed link: (a) emailed-link, (b) scanned-document, (c) open. */
    visitorAccess: visitorAccessField,
    customerLogo: z
      .custom<File | null>((value) => value === null || (typeof File !== 'undefined' && value instanceof File))
      .refine((file) => !logoRequired || file !== null, CUSTOMER_MESSAGES.logoRequired),
  });

export type CustomerFormInput = z.input<ReturnType<typeof customerFormSchema>>;
export type CustomerFormValues = z.output<ReturnType<typeof customerFormSchema>>;

/**
 * The form's starting values: the customer's, or those of the change waiting for approval, which saving
 * replaces.
 */
export const customerFormDefaults = (customer?: CustomerView): CustomerFormInput => {
  const values = customer?.pendingChange ?? customer;
  return {
    customerName: values?.customerName ?? '',
    contactInformation: values?.contactInformation ?? '',
    contactEmail: values?.contactEmail ?? '',
    countries: values ? values.countryExclusionList.split(',').map((code) => code.trim()).filter(Boolean) : [],
    approverId: values?.approverId ?? '',
    customerWebsiteLink: values?.customerWebsiteLink ?? '',
    visitorAccess: values?.visitorAccess ?? customer?.visitorAccess ?? DEFAULT_VISITOR_ACCESS,
    customerLogo: null,
  };
};

/**
 * The multipart body of POST /customer/add (and, with `id`, PUT /customer/update): contactEmail, contactInformation,
 * countryExclusionList, customerName, customerWebsiteLink, approverId, customerLogo (spec §7.2), and beyond the spec
 * visitorAccess.
 */
export const toCustomerFormData = (values: CustomerFormValues, id?: string): FormData => {
  const body = new FormData();
  if (id !== undefined) body.set('id', id);
  body.set('contactEmail', values.contactEmail);
  body.set('contactInformation', values.contactInformation);
  body.set('countryExclusionList', values.countries.join(','));
  body.set('customerName', values.customerName);
  body.set('customerWebsiteLink', values.customerWebsiteLink);
  body.set('approverId', values.approverId);
  body.set('visitorAccess', values.visitorAccess);
  if (values.customerLogo) body.set('customerLogo', values.customerLogo, values.customerLogo.name);
  return body;
};
