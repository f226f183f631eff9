import type { z } from 'zod';

/** Turns a zod error into the `details` list of a 400 answer: one entry per field. */
export function toFieldErrors(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}
