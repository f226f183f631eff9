import type { IntlShape } from 'react-intl';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldErrorDetail } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';

/**
 * The one way a field error reaches the screen: a zod issue of the console's schemas or a
 * `details` entry of the API's 400 answer becomes a message id with its values, worded in the
 * UI language. The raw English of zod or the API is shown only when nothing better is known.
 * Nothing here loads react-hook-form or zod: the sign-in page uses these helpers and neither
 * (decision 073); the resolver of react-hook-form forms is in `lib/form-resolver.ts`.
 */
export type FieldErrorMessage = { id: MessageId; values?: Record<string, string | number> } | { text: string };

/** What both a zod issue and an API detail carry (the API sends the issue's code and limits). */
export interface IssueLike {
  code?: string;
  message?: string;
  path?: readonly PropertyKey[] | string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
  errors?: readonly (readonly IssueLike[])[];
}

/** Examples shown with a format error, by the field's last path segment, then by zod's format name. */
const EXAMPLES_BY_FIELD: Record<string, string> = {
  gtin: '09506000134352',
  email: 'name@example.com',
  foreground: '#1a1a1a',
  background: '#ffffff',
  officePhone: '+82 2 1234 5678',
  mobile: '+82 10 1234 5678',
  contactPhone: '+82 2 1234 5678',
};
const EXAMPLES_BY_FORMAT: Record<string, string> = {
  url: 'https://example.com',
  email: 'name@example.com',
  regex: '',
};

/** Our schemas name their own messages by id (`links.error.title`); an id has no spaces. */
const MESSAGE_ID = /^[a-z][\w-]*(\.[\w-]+)+$/i;

function lastSegment(path: IssueLike['path']): string {
  const segments = typeof path === 'string' ? path.split('.') : (path ?? []).map(String);
  return segments.at(-1) ?? '';
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));
}

/** The message of one zod issue or API detail. */
export function fieldErrorMessage(issue: IssueLike): FieldErrorMessage {
  if (issue.message && MESSAGE_ID.test(issue.message)) return { id: issue.message as MessageId };
  const field = lastSegment(issue.path);
  switch (issue.code) {
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? { id: 'form.required' } : { id: 'form.tooShort', values: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { id: 'form.required' };
      return { id: 'form.tooLow', values: { minimum } };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { id: 'form.tooLong', values: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { id: 'form.tooMany', values: { maximum } };
      return { id: 'form.tooHigh', values: { maximum } };
    }
    case 'invalid_format':
    case 'invalid_string': {
      const example = EXAMPLES_BY_FIELD[field] ?? EXAMPLES_BY_FORMAT[issue.format ?? ''];
      return example ? { id: 'form.invalidFormat', values: { example } } : { id: 'form.invalid' };
    }
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_enum_value':
      return 'input' in issue && !isEmpty(issue.input) ? { id: 'form.invalid' } : { id: 'form.required' };
    case 'invalid_union': {
      // A union such as "a URL or nothing": word the first branch's problem that is not "not this literal".
      const inner = issue.errors?.flat().find((branch) => branch.code !== 'invalid_value');
      return inner ? fieldErrorMessage({ ...inner, path: issue.path }) : { id: 'form.invalid' };
    }
    case 'custom':
      // A refinement of ours: its message is our words (English when it is not an id).
      return issue.message ? { text: issue.message } : { id: 'form.invalid' };
    default:
      return issue.message ? { text: issue.message } : { id: 'form.invalid' };
  }
}

/**
 * react-hook-form keeps an error's message as a string: the message travels through it
 * encoded, and `fieldErrorText` words it when it is shown.
 */
const ENCODED = 'field-error:';

export function encodeFieldError(message: FieldErrorMessage): string {
  return 'text' in message ? message.text : `${ENCODED}${JSON.stringify(message)}`;
}

/** The words of a form error in the UI language: an encoded message, a message id, or text as it came. */
export function fieldErrorText(intl: IntlShape, message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  if (message.startsWith(ENCODED)) {
    const decoded = JSON.parse(message.slice(ENCODED.length)) as { id: MessageId; values?: Record<string, string | number> };
    return intl.formatMessage({ id: decoded.id }, decoded.values);
  }
  if (message in intl.messages) return intl.formatMessage({ id: message as MessageId });
  return message;
}

/** The form field an API detail names: `product.0.product_name`, `body.updatedLink.targetUrl`... */
export function fieldOfDetail(path: string): string {
  return path.replace(/^(body\.)?(updatedLink\.)?(product\.\d+\.)?/, '');
}

/**
 * Shows the API's field errors of a failed request on the form's fields (those of `fields`),
 * worded like the form's own errors. Returns whether any was shown.
 */
export function showApiFieldErrors<T extends FieldValues>(cause: unknown, fields: object, setError: UseFormSetError<T>): boolean {
  if (!isApiError(cause)) return false;
  let shown = false;
  for (const detail of (cause.details ?? []) as FieldErrorDetail[]) {
    const field = fieldOfDetail(detail.path);
    if (!(field.split('.')[0]! in fields)) continue;
    setError(field as FieldPath<T>, { type: detail.code ?? 'server', message: encodeFieldError(fieldErrorMessage({ ...detail, path: field })) });
    shown = true;
  }
  return shown;
}

/** Examples for the browser's own format checks, by input type. */
const EXAMPLES_BY_TYPE: Record<string, string> = { email: 'name@example.com', url: 'https://example.com' };

/**
 * The message of a form control the browser's constraints refuse (`required`, `maxLength`,
 * `type="email"`...), for forms without a schema: the same words as the schema's issues,
 * instead of the browser's bubble in the browser's language. Undefined when the control is valid.
 */
export function fieldErrorOfControl(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): FieldErrorMessage | undefined {
  const { validity } = control;
  if (validity.valid) return undefined;
  if (validity.valueMissing) return { id: 'form.required' };
  if (validity.tooLong && 'maxLength' in control) return { id: 'form.tooLong', values: { maximum: control.maxLength } };
  if (validity.tooShort && 'minLength' in control) return { id: 'form.tooShort', values: { minimum: control.minLength } };
  if (validity.rangeUnderflow && 'min' in control) return { id: 'form.tooLow', values: { minimum: control.min } };
  if (validity.rangeOverflow && 'max' in control) return { id: 'form.tooHigh', values: { maximum: control.max } };
  const example = EXAMPLES_BY_TYPE[control.type] ?? EXAMPLES_BY_FIELD[control.name];
  if (validity.typeMismatch || validity.patternMismatch) return example ? { id: 'form.invalidFormat', values: { example } } : { id: 'form.invalid' };
  return { id: 'form.invalid' };
}

/**
 * Checks a form's controls as the browser would (the form has `noValidate`) and gives the
 * encoded message of each refused control by its `name`: empty when the form may be sent.
 */
export function formControlErrors(form: HTMLFormElement): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || element.name in errors) continue;
    const message = fieldErrorOfControl(element);
    if (message) errors[element.name] = encodeFieldError(message);
  }
  return errors;
}

/** Puts the keyboard on the first control of the form that has an error (by `name`), as the browser's check did. */
export function focusFirstRefused(form: HTMLFormElement, errors: Record<string, string>): void {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) && element.name in errors,
  );
  first?.focus();
}

/**
 * The API's field errors of a failed request, encoded, by the form control they name:
 * `controls` maps a detail's path (`newUser.first_name`) to the control's name (`firstName`).
 */
export function apiFieldErrors(cause: unknown, controls: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isApiError(cause)) return errors;
  for (const detail of (cause.details ?? []) as FieldErrorDetail[]) {
    const name = controlOfPath(detail.path, controls);
    if (name && !(name in errors)) errors[name] = encodeFieldError(fieldErrorMessage(detail));
  }
  return errors;
}

/** The control a path names: itself, or the list it is an item of (`newUser.gcps.1` is in `newUser.gcps`). */
function controlOfPath(path: string, controls: Record<string, string>): string | undefined {
  return controls[path] ?? controls[path.replace(/(\.\d+)+$/, '')];
}

/**
 * The issues a schema finds in the value a form without react-hook-form built from its
 * controls, encoded, by control name (`controls` maps an issue's path to the control's name,
 * as for `apiFieldErrors`): the checks the browser cannot make, in the same words.
 */
export function schemaFieldErrors(schema: z.ZodType, value: unknown, controls: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = controlOfPath(issue.path.map(String).join('.'), controls);
    if (name && !(name in errors)) errors[name] = encodeFieldError(fieldErrorMessage(issue as IssueLike));
  }
  return errors;
}
