import { CUSTOMER_MESSAGES, CUSTOMER_NAME_MAX, EMAIL_PATTERN } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import { z } from 'zod';

/** The server's rules (services/contracts customers.ts), so that the form says what the server would. */
const looksLikeNumber = (value: string) => /^[\d\s.,+-]+$/.test(value);
const WEBSITE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i;
const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The customer form (spec §5, Customer form). The logo is required on create only; on edit an empty logo keeps the
 * current one.
 */
export const customerFormSchema = ({ logoRequired }: { logoRequired: boolean }) =>
  z.object({
    customerName: z
      .string()
      .trim()
      .min(1, { message: CUSTOMER_MESSAGES.nameRequired, abort: true })
      .max(CUSTOMER_NAME_MAX, `Customer Name can't be more than ${CUSTOMER_NAME_MAX} characters.`)
      .refine((value) => !looksLikeNumber(value), CUSTOMER_MESSAGES.notANumber),
    /** Sent with non-digits removed; 10 to 15 digits. */
    contactInformation: z
      .string()
      .trim()
      .min(1, { message: CUSTOMER_MESSAGES.contactRequired, abort: true })
      .transform(digits)
      .pipe(z.string().min(10, CUSTOMER_MESSAGES.contactLength).max(15, CUSTOMER_MESSAGES.contactLength)),
    contactEmail: z
      .string()
      .trim()
      .min(1, { message: CUSTOMER_MESSAGES.emailRequired, abort: true })
      .regex(EMAIL_PATTERN, CUSTOMER_MESSAGES.emailInvalid),
    /** ISO codes, stored comma-separated as `countryExclusionList`. */
    countries: z.array(z.string()),
    approverId: z.string().min(1, CUSTOMER_MESSAGES.approverRequired),
    customerWebsiteLink: z
      .string()
      .trim()
      .refine((value) => value === '' || WEBSITE_PATTERN.test(value), CUSTOMER_MESSAGES.invalidUrl),
    customerLogo: z
      .custom<File | null>((value) => value === null || (typeof File !== 'undefined' && value instanceof File))
      .refine((file) => !logoRequired || file !== null, CUSTOMER_MESSAGES.logoRequired),
  });

export type CustomerFormInput = z.input<ReturnType<typeof customerFormSchema>>;
export type CustomerFormValues = z.output<ReturnType<typeof customerFormSchema>>;

export const customerFormDefaults = (customer?: CustomerView): CustomerFormInput => ({
  customerName: customer?.customerName ?? '',
  contactInformation: customer?.contactInformation ?? '',
  contactEmail: customer?.contactEmail ?? '',
  countries: customer ? customer.countryExclusionList.split(',').map((code) => code.trim()).filter(Boolean) : [],
  approverId: customer?.approverId ?? '',
  customerWebsiteLink: customer?.customerWebsiteLink ?? '',
  customerLogo: null,
});

/**
 * The multipart body of POST /customer/add (and, with `id`, PUT /customer/update): contactEmail, contactInformation,
 * countryExclusionList, customerName, customerWebsiteLink, approverId, customerLogo (spec §7.2).
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
  if (values.customerLogo) body.set('customerLogo', values.customerLogo, values.customerLogo.name);
  return body;
};
