import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { z } from 'zod';
import { encodeFieldError, fieldErrorMessage, type IssueLike } from '@/lib/field-errors';

/**
 * The resolver of every console form: the schema's issues become the messages above, so that
 * no form shows zod's English.
 */
export function formResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    // With the input in each issue, an empty value reads "required" and a wrong one "not valid".
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: encodeFieldError(fieldErrorMessage(issue as IssueLike)) };
    }
    return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<Input> };
  };
}
