import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';
import { CheckRow, FieldError, FormSelect, Hint } from '@/components/ui/form-controls';
import { LINK_LANGUAGES, languageName } from '@/features/links/components/link-model';

/** What the link forms check before sending; the API checks again. */
export const linkTargetSchema = z.url({ protocol: /^https?$/, error: 'links.error.targetUrl' }).max(2_000, 'links.error.targetUrl');
export const linkTitleSchema = z.string().trim().min(1, 'links.error.title').max(200, 'links.error.title');

/** The fields every link form has: title, target, language ('' for any) and the default flag. */
export const linkFieldsShape = {
  title: linkTitleSchema,
  targetUrl: linkTargetSchema,
  lang: z.string(),
  isDefault: z.boolean(),
};

/** A form error: one of ours is a message id, one of the API's is already words. */
export function formErrorText(intl: IntlShape, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message in intl.messages ? intl.formatMessage({ id: message as MessageId }) : message;
}

/** Maps the API's field errors (`updatedLink.targetUrl`, `targetUrl`...) onto the form. */
export function fieldOfDetail(path: string): string {
  return path.replace(/^(body\.)?(updatedLink\.)?/, '');
}

/** Shows the API's field errors of a failed request on the form fields (of `shape`) they name. */
export function showApiFieldErrors<T extends FieldValues>(cause: unknown, shape: object, setError: UseFormSetError<T>) {
  if (!isApiError(cause)) return;
  for (const detail of cause.details ?? []) {
    const field = fieldOfDetail(detail.path);
    if (field in shape) setError(field as FieldPath<T>, { message: detail.message });
  }
}

interface LinkFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  testId?: string;
}

export function LinkTitleField({ id, registration, testId, error }: LinkFieldProps & { error?: string }) {
  const intl = useIntl();
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id="links.field.title" />
      </Label>
      <Input id={id} {...registration} aria-invalid={error !== undefined} data-testid={testId} />
      {error !== undefined ? <FieldError role="alert">{formErrorText(intl, error)}</FieldError> : null}
    </Field>
  );
}

/** The target URL; with `hint`, a placeholder and a hint under it while it has no error. */
export function LinkTargetField({ id, registration, testId, error, hint = false }: LinkFieldProps & { error?: string; hint?: boolean }) {
  const intl = useIntl();
  const hintId = `${id}-hint`;
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id="links.field.targetUrl" />
      </Label>
      <Input
        id={id}
        type="url"
        placeholder={hint ? 'https://' : undefined}
        {...registration}
        aria-invalid={error !== undefined}
        aria-describedby={hint ? hintId : undefined}
        data-testid={testId}
      />
      {error !== undefined ? (
        <FieldError role="alert">{formErrorText(intl, error)}</FieldError>
      ) : hint ? (
        <Hint id={hintId}>
          <FormattedMessage id="links.targetHint" />
        </Hint>
      ) : null}
    </Field>
  );
}

export function LinkLanguageField({ id, registration, testId }: LinkFieldProps) {
  const intl = useIntl();
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id="links.field.language" />
      </Label>
      <FormSelect id={id} {...registration} data-testid={testId}>
        <option value="">{intl.formatMessage({ id: 'links.anyLanguage' })}</option>
        {LINK_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(intl.locale, code)}
          </option>
        ))}
      </FormSelect>
    </Field>
  );
}

export function LinkDefaultCheck({ registration, testId }: Omit<LinkFieldProps, 'id'>) {
  return (
    <CheckRow>
      <input type="checkbox" {...registration} data-testid={testId} />
      <FormattedMessage id="links.field.isDefault" />
    </CheckRow>
  );
}

/** The submit button of a link form; shows a spinner while `submitting`. */
export function LinkSubmitButton({ submitting, testId, children }: { submitting: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={submitting} data-testid={testId}>
      {submitting ? <Spinner size={16} /> : null}
      {children}
    </Button>
  );
}
