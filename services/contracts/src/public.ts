/**
 * `@ifu/contracts/public`: the contracts of the public customer portal (module2) only, written with `zod/mini` so
 * that the light portal's bundle stays small (spec §7.4). Staff contracts live in `@ifu/contracts`.
 */
import { z } from 'zod/mini';

/** Every error the API answers has this shape; the portal shows `message` (spec §8). */
export const PublicErrorResponse = z.object({ message: z.string(), code: z.optional(z.string()) });
export type PublicErrorResponse = z.infer<typeof PublicErrorResponse>;

/** Public module2 view of an approved customer: no approver, contact details or other internal field. */
export const PublicCustomer = z.object({
  id: z.string(),
  customerName: z.string(),
  logoUrl: z.nullable(z.string()),
  customerWebsiteLink: z.string(),
  searchUrl: z.string(),
});
export type PublicCustomer = z.infer<typeof PublicCustomer>;

/** GET /module2/getApprovedCustomers and /module2/getApprovedCustomersData */
export const ApprovedCustomersResponse = z.object({ customerList: z.array(PublicCustomer) });
export type ApprovedCustomersResponse = z.infer<typeof ApprovedCustomersResponse>;

/**
 * GET /module2/customerName/:name (an addition to the spec's calls): the current name of the approved customer a
 * public URL names, by its name or a name it had before a rename; the page moves to the current name's URL.
 */
export const CustomerNameResponse = z.object({ customerName: z.string(), renamed: z.boolean() });
export type CustomerNameResponse = z.infer<typeof CustomerNameResponse>;
