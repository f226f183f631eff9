import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import type { CodeJob } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Label } from '@/components/ui/field';
import { FieldError, Hint } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, fieldErrorText, schemaFieldErrors } from '@/lib/field-errors';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import type { MessageId } from '@/lib/i18n';

/**
 * The submit of a dialog that queues a code job: the body is checked by the shared schema first
 * (nothing is sent while a field is refused), then sent once per submit; the API's field errors
 * land on their controls, any other failure above the buttons.
 */
export function useJobSubmit<Body>(schema: z.ZodType, controls: Record<string, string>, send: (body: Body, idempotencyKey: string) => Promise<CodeJob>) {
  const intl = useIntl();
  const sendOnce = useIdempotentSubmit();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  async function submit(body: Body): Promise<CodeJob | null> {
    const refused = schemaFieldErrors(schema, body, controls);
    setErrors(refused);
    setFailure(null);
    if (Object.keys(refused).length > 0) return null;
    setRunning(true);
    try {
      return await sendOnce(body, (key) => send(body, key));
    } catch (cause) {
      const fields = apiFieldErrors(cause, controls);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(apiErrorMessage(intl, cause));
      return null;
    } finally {
      setRunning(false);
    }
  }

  const reset = () => {
    setErrors({});
    setFailure(null);
  };
  return { errors, failure, running, submit, reset };
}

interface JobFieldProps {
  /** The control's id; its error or hint is `{id}-hint`. */
  id: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** A labelled control of a job dialog with its error (or hint) under it. */
export function JobField({ id, label, error, hint, testId, children }: JobFieldProps) {
  const intl = useIntl();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <FieldError id={`${id}-hint`} role="alert" data-testid={testId}>
          {fieldErrorText(intl, error)}
        </FieldError>
      ) : hint ? (
        <Hint id={`${id}-hint`}>{hint}</Hint>
      ) : null}
    </Field>
  );
}

interface JobDialogProps {
  title: MessageId;
  description: ReactNode;
  submitLabel: MessageId;
  testId: string;
  width: number;
  running: boolean;
  failure: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of a dialog that queues a code job: its form, failure, cancel and submit. */
export function JobDialog({ title, description, submitLabel, testId, width, running, failure, onSubmit, onClose, children }: JobDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <DialogRoot open onOpenChange={(next) => !next && !running && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={width} aria-busy={running} data-testid={testId}>
          <form onSubmit={submit} noValidate>
            <DialogTitle>
              <FormattedMessage id={title} />
            </DialogTitle>
            <DialogDescription data-testid={`${testId}-description`}>{description}</DialogDescription>
            {children}
            {failure ? (
              <FormAlert role="alert" style={{ marginTop: 12 }} data-testid={`${testId}-failure`}>
                {failure}
              </FormAlert>
            ) : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={onClose} disabled={running}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={running} data-testid={`${testId}-submit`}>
                {running ? <Spinner size={16} /> : null}
                <FormattedMessage id={submitLabel} />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
