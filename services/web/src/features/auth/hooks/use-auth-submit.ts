import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * Submit handling shared by the account forms: prevents the native submit, clears the error,
 * marks the form busy and runs `action` with the form data. A failure shows the API error and
 * releases the form; a success keeps it busy (the action navigates away).
 */
export function useAuthSubmit(action: (data: FormData) => Promise<unknown>) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      await action(data);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setSubmitting(false);
    }
  }

  return { error, submitting, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
