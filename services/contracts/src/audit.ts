import { z } from 'zod';

/** `GET /audit/verify`: the hash chain re-walked, earlier checkpoints compared, and the new signed checkpoint. */
export const AuditVerificationResponse = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBrokenPosition: z.number().int().optional(),
  firstBrokenStream: z.string().optional(),
  firstBrokenType: z.string().optional(),
  reason: z.string().optional(),
  /** Events an operator set aside (`npm run audit:quarantine`): walked over, never applied. */
  quarantined: z
    .array(z.object({ position: z.number().int(), streamId: z.string(), type: z.string(), reason: z.string(), quarantinedAt: z.string() }))
    .optional(),
  lastPosition: z.number().int().optional(),
  lastHash: z.string().optional(),
  checkpoint: z.object({ position: z.number().int(), hash: z.string(), time: z.string(), signature: z.string() }).optional(),
  checkpointsCompared: z.number().int(),
});
export type AuditVerificationResponse = z.infer<typeof AuditVerificationResponse>;

/** The audit report's messages, in the words of its dialog (spec §2.3: Date Start, Date End). */
export const AUDIT_MESSAGES = {
  rangeReversed: 'Date Start must be on or before Date End',
} as const;

/** `GET /user/create/report`: the inclusive UTC date range (DD-MMM-YYYY) and, optionally, one actor's address. */
export const AuditReportQuery = z.object({
  from: z.string().max(20).meta({ example: '01-Nov-2026' }),
  to: z.string().max(20).meta({ example: '21-Nov-2026' }),
  email: z.string().max(254).optional(),
});
