import { z } from 'zod';

/** Every error the API answers has this shape; the portals show `message` (spec §8). */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

/** Both portals and the server use the same email rule (spec §5: 'Please enter valid email address.'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredString = (field: string, max = 1000) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, { message: `${field} is required`, abort: true })
    .max(max, `${field} must be at most ${max} characters`);

export const emailAddress = (field: string) =>
  requiredString(field, 254).regex(EMAIL_PATTERN, `${field}: Please enter valid email address.`);
