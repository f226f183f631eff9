import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { apiErrorMessage } from '@/lib/api-error-message';
import { focusFirstRefused, formControlErrors } from '@/lib/field-errors';

export interface AuthSubmitChecks {
  /**
   * Checks beyond the controls' own constraints (a schema, two passwords that must match):
   * encoded field errors by control name (see `lib/field-errors.ts`). It may wait, for a schema
   * loaded on demand.
   */
  validate?: (data: FormData) => Record<string, string> | Promise<Record<string, string>>;
  /** The field errors of a failed call, by control name (`apiFieldErrors` with the form's names). */
  apiErrors?: (cause: unknown, data: FormData) => Record<string, string>;
}

/**
 * Submit handling shared by the account forms (which set `noValidate`): checks the controls
 * (`formControlErrors`, then `validate`) and shows the problems under their fields; otherwise
 * marks the form busy and runs `action` with the form data. A failure shows the API's message
 * above the form and its field errors under the fields, and releases the form; a success keeps
 * it busy (the action navigates away).
 */
export function useAuthSubmit(action: (data: FormData) => Promise<unknown>, checks: AuthSubmitChecks = {}) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const refused = { ...(await checks.validate?.(data)), ...formControlErrors(form) };
    setFieldErrors(refused);
    setError(null);
    if (Object.keys(refused).length > 0) {
      focusFirstRefused(form, refused);
      return;
    }
    setSubmitting(true);
    try {
      await action(data);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setFieldErrors(checks.apiErrors?.(cause, data) ?? {});
      setSubmitting(false);
    }
  }

  /** A field the user changes loses its error (until the next submit checks it again). */
  function clearFieldError(name: string) {
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }

  return { error, fieldErrors, clearFieldError, submitting, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
