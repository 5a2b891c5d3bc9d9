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

/** A product family on a customer page: its newest approved change order (whose logo it shows) and its name. */
export const PublicProductFamily = z.object({ parentChangeId: z.string(), productFamilyName: z.string(), logoUrl: z.nullable(z.string()) });
export type PublicProductFamily = z.infer<typeof PublicProductFamily>;

/**
 * GET /module2/getParentLogosForCustomer/:customerName (spec §2.1, §3 parent-logo response): the families with at
 * least one current, approved, Online document; the notices as text ('' when there is none; several notices of one
 * scope are joined by blank lines, oldest first).
 */
export const ParentLogosResponse = z.object({
  customerName: z.string(),
  customerLogoUrl: z.nullable(z.string()),
  globalNotification: z.string(),
  customerNotification: z.string(),
  products: z.array(PublicProductFamily),
});
export type ParentLogosResponse = z.infer<typeof ParentLogosResponse>;

/** GET /module2/singleCustomerLogoURL/:customerName/:parentChangeId (spec §3 customer logo response). */
export const SingleCustomerLogoResponse = z.object({
  logoUrl: z.nullable(z.string()),
  productNotification: z.string(),
  customerName: z.string(),
  productFamilyName: z.string(),
  productLogoUrl: z.nullable(z.string()),
});
export type SingleCustomerLogoResponse = z.infer<typeof SingleCustomerLogoResponse>;

/** POST /module2/sendSearchURLLink (spec §7.4); the answer's `message` is what the email popup shows. */
export const SendSearchUrlLinkRequest = z.object({ customerName: z.string(), userEmail: z.string(), parentChangeId: z.string() });
export type SendSearchUrlLinkRequest = z.infer<typeof SendSearchUrlLinkRequest>;
export const MessageOnlyResponse = z.object({ message: z.string() });
export type MessageOnlyResponse = z.infer<typeof MessageOnlyResponse>;
