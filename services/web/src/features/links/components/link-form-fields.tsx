import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { FieldErrorSlot, fieldErrorId, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, FormSelect, Hint } from '@/components/ui/form-controls';
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

interface LinkFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  testId?: string;
}

export function LinkTitleField({ id, registration, testId, error }: LinkFieldProps & { error?: string }) {
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id="links.field.title" />
      </Label>
      <Input id={id} {...registration} {...fieldErrorProps(id, error)} data-testid={testId} />
      <FieldErrorSlot inputId={id} error={error} />
    </Field>
  );
}

/** The target URL; with `hint`, a placeholder and a hint under it while it has no error. */
export function LinkTargetField({ id, registration, testId, error, hint = false }: LinkFieldProps & { error?: string; hint?: boolean }) {
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
        aria-invalid={Boolean(error)}
        aria-describedby={error ? fieldErrorId(id) : hint ? hintId : undefined}
        data-testid={testId}
      />
      {hint && !error ? (
        <Hint id={hintId}>
          <FormattedMessage id="links.targetHint" />
        </Hint>
      ) : (
        <FieldErrorSlot inputId={id} error={error} />
      )}
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
        <LanguageOptions />
      </FormSelect>
    </Field>
  );
}

/** The options of a language select: the given codes (all link languages by default), named in the UI language. */
export function LanguageOptions({ codes = LINK_LANGUAGES }: { codes?: readonly string[] }) {
  const intl = useIntl();
  return codes.map((code) => (
    <option key={code} value={code}>
      {languageName(intl.locale, code)}
    </option>
  ));
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
