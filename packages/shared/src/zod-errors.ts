import type { z } from 'zod';
import type { FieldErrorDetail } from './schemas/common.js';

/** The numbers and kinds of an issue a client needs to word it in its own language. */
function paramsOf(issue: z.core.$ZodIssue): Omit<FieldErrorDetail, 'path' | 'message'> {
  const params: Omit<FieldErrorDetail, 'path' | 'message'> = { code: issue.code };
  if (issue.code === 'too_small') {
    params.minimum = Number(issue.minimum);
    params.origin = issue.origin;
  } else if (issue.code === 'too_big') {
    params.maximum = Number(issue.maximum);
    params.origin = issue.origin;
  } else if (issue.code === 'invalid_format') {
    params.format = issue.format;
  }
  return params;
}

/**
 * Turns a zod error into the `details` list of a 400 answer: one entry per field, with the
 * English `message` and, for clients that word it themselves, the issue's `code` and limits.
 */
export function toFieldErrors(error: z.ZodError): FieldErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
    ...paramsOf(issue as z.core.$ZodIssue),
  }));
}
