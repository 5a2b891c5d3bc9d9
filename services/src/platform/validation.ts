import type { z } from 'zod';
import { badRequest } from './http-errors';

/** Turns zod issues into one message that names each field (our schemas' messages already start with it). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (!field || issue.message.startsWith(field)) return issue.message;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/** Validates a request body against its contract; a 400 naming the fields otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(describeIssues(result.error.issues));
  return result.data;
}
