import { z } from 'zod';
import { CONTROL_CHARACTERS, emailField, requiredText } from './common';
import { PAPER_COPY_LIMITS, PAPER_COPY_MESSAGES } from './public';

/**
 * Paper copies on request: the server's validation of the public request, in full zod (every text bounded
 * before anything else runs on it, control characters refused, each message naming its field), and the staff calls.
 */

/** A document number as the product makes them (`CO-2026-00001-01`): letters, digits and dashes. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
export const DOCUMENT_NUMBER_MAX = 100;

export const documentNumberField = requiredText('documentNumber is required', DOCUMENT_NUMBER_MAX, `documentNumber must be at most ${DOCUMENT_NUMBER_MAX} characters`).regex(
  DOCUMENT_NUMBER,
  'documentNumber must be a document number',
);

/** A whole number within bounds, as JSON sends it or as a string of digits (a form's value). */
const boundedInteger = (field: string, min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s{0,10}\d{1,6}\s{0,10}$/.test(value) ? Number(value) : value),
    z.number({ error: (issue) => (issue.input === undefined ? `${field} is required` : message) }).int(message).min(min, message).max(max, message),
  );

/** A delivery address spans lines: line breaks kept, other control characters refused, bounded first. */
const addressField = z
  .string({ error: (issue) => (issue.input === undefined ? PAPER_COPY_MESSAGES.addressRequired : 'must be a string') })
  .max(PAPER_COPY_LIMITS.addressMax * 4 + 64, { message: `must be at most ${PAPER_COPY_LIMITS.addressMax} characters`, abort: true })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { message: PAPER_COPY_MESSAGES.addressRequired, abort: true })
      .max(PAPER_COPY_LIMITS.addressMax, { message: `must be at most ${PAPER_COPY_LIMITS.addressMax} characters` }),
  );

/** POST /module2/paperCopyRequest. */
export const PaperCopyRequestBody = z.object({
  name: requiredText(PAPER_COPY_MESSAGES.nameRequired, PAPER_COPY_LIMITS.nameMax),
  address: addressField,
  email: emailField({ required: PAPER_COPY_MESSAGES.emailRequired, invalid: PAPER_COPY_MESSAGES.emailInvalid }),
  documentNumber: documentNumberField,
  version: boundedInteger('version', 1, 9999, 'must be a version number (1 or more)'),
  quantity: boundedInteger('quantity', PAPER_COPY_LIMITS.quantityMin, PAPER_COPY_LIMITS.quantityMax, PAPER_COPY_MESSAGES.quantity),
});
export type PaperCopyRequestBody = z.infer<typeof PaperCopyRequestBody>;

/** GET /paperCopyRequests?status=open|all (staff). */
export const PaperCopyListQuery = z.object({
  status: z.enum(['open', 'all'], { error: 'must be open or all' }).optional().default('open'),
});

/** One request as the staff screen lists it; personal data opened with the requester's key, or erased. */
export const PaperCopyRequestRecord = z.object({
  requestId: z.string(),
  /** The short reference the requester was given (`ABCD-EFGH`); null for requests from before references. */
  reference: z.string().nullable(),
  documentNumber: z.string(),
  documentVersion: z.number(),
  docName: z.string(),
  quantity: z.number(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  /** False once the requester was forgotten (their key deleted): name, address and email then read 'erased visitor'. */
  personalDataAvailable: z.boolean(),
  requestedOn: z.string(),
  dueDate: z.string(),
  status: z.enum(['OPEN', 'DISPATCHED']),
  overdue: z.boolean(),
  dispatchedAt: z.string().nullable(),
  dispatchedByName: z.string().nullable(),
});
export type PaperCopyRequestRecord = z.infer<typeof PaperCopyRequestRecord>;

export const PaperCopyListResponse = z.object({ today: z.string(), list: z.array(PaperCopyRequestRecord) });
export type PaperCopyListResponse = z.infer<typeof PaperCopyListResponse>;

export const PaperCopyDispatchResponse = z.object({ message: z.string(), request: PaperCopyRequestRecord });
export type PaperCopyDispatchResponse = z.infer<typeof PaperCopyDispatchResponse>;

export const PAPER_COPY_STAFF_MESSAGES = { dispatched: 'Paper copy marked dispatched' } as const;
