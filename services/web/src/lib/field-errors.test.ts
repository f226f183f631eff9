import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@product-console/shared';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { ApiError } from '@/lib/api-client';
import { emptyProductForm, productFormSchema } from '@/features/products/components/product-form-model';
import { apiFieldErrors, encodeFieldError, fieldErrorMessage, fieldErrorText, schemaFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';

const english = createIntl({ locale: 'en', messages: en });
const korean = createIntl({ locale: 'ko', messages: ko });

/** The first issue the product form's schema finds at `path` for the given changes to an empty form. */
function productIssue(changes: object, path: string) {
  const result = productFormSchema.safeParse({ ...emptyProductForm(7, 'DL'), gtin: '00614141000012', product_name: 'Lamp', ...changes });
  const issue = result.error?.issues.find((item) => item.path.join('.') === path);
  if (!issue) throw new Error(`no issue at ${path}`);
  return issue;
}

const worded = (intl: typeof english, issue: Parameters<typeof fieldErrorMessage>[0]) => fieldErrorText(intl, encodeFieldError(fieldErrorMessage(issue)));

describe('fieldErrorMessage', () => {
  it('words an empty product name as required, never zod English', () => {
    const issue = productIssue({ product_name: '' }, 'product_name');
    expect(fieldErrorMessage(issue)).toEqual({ id: 'form.required' });
    expect(worded(english, issue)).toBe('This field is required.');
    expect(worded(korean, issue)).toBe('필수 입력 항목입니다.');
  });

  it('gives the limit of a too long text', () => {
    const issue = productIssue({ product_name: 'x'.repeat(NAME_MAX_LENGTH + 1) }, 'product_name');
    expect(fieldErrorMessage(issue)).toEqual({ id: 'form.tooLong', values: { maximum: NAME_MAX_LENGTH } });
    expect(worded(english, issue)).toBe(`Use at most ${NAME_MAX_LENGTH} characters.`);
    expect(worded(korean, issue)).toBe(`${NAME_MAX_LENGTH}자 이하로 입력하세요.`);
  });

  it('shows an example with a format error: a GTIN, a URL (also inside "a URL or nothing")', () => {
    expect(worded(english, productIssue({ gtin: '12ab' }, 'gtin'))).toBe('Check the format, for example 09506000134352.');
    expect(worded(english, productIssue({ product_website: 'not a url' }, 'product_website'))).toBe('Check the format, for example https://example.com.');
    expect(worded(english, z.object({ email: z.email() }).safeParse({ email: 'a@' }).error!.issues[0]!)).toBe(
      'Check the format, for example name@example.com.',
    );
  });

  it('words numbers out of range and lists that are too long', () => {
    const number = z.number().int().min(1).max(3);
    expect(worded(english, number.safeParse(0).error!.issues[0]!)).toBe('Enter a value of at least 1.');
    expect(worded(english, number.safeParse(4).error!.issues[0]!)).toBe('Enter a value of at most 3.');
    expect(worded(english, z.array(z.string()).max(2).safeParse(['a', 'b', 'c']).error!.issues[0]!)).toBe('Choose at most 2.');
    expect(worded(english, z.string().min(3).safeParse('ab').error!.issues[0]!)).toBe('Use at least 3 characters.');
  });

  it('words a missing value as required and a wrong one as invalid', () => {
    expect(worded(english, z.number().safeParse(Number.NaN, { reportInput: true }).error!.issues[0]!)).toBe('This field is required.');
    expect(worded(english, z.enum(['a', 'b']).safeParse('c', { reportInput: true }).error!.issues[0]!)).toBe('This value is not valid.');
  });

  it('keeps a message id our schema names, and the words of a refinement of ours', () => {
    expect(fieldErrorMessage({ code: 'custom', message: 'links.error.title' })).toEqual({ id: 'links.error.title' });
    expect(fieldErrorMessage({ code: 'custom', message: 'Use a dark colour' })).toEqual({ text: 'Use a dark colour' });
  });

  it('words an API detail by its code and limits, else shows its message', () => {
    const detail = { path: 'product.0.product_name', message: 'Too big: expected string to have <=100 characters', code: 'too_big', maximum: 100, origin: 'string' };
    expect(worded(korean, detail)).toBe('100자 이하로 입력하세요.');
    expect(worded(english, { path: 'gtin', message: 'GTIN already used' })).toBe('GTIN already used');
  });
});

describe('formResolver', () => {
  it('gives react-hook-form encoded messages at the fields, nested', async () => {
    const resolver = formResolver(z.object({ name: z.string().min(1), rows: z.array(z.object({ label: z.string().max(2) })) }));
    const result = await resolver({ name: '', rows: [{ label: 'long' }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as { name?: { message?: string }; rows?: { label?: { message?: string } }[] };
    expect(fieldErrorText(english, errors.name?.message)).toBe('This field is required.');
    expect(fieldErrorText(english, errors.rows?.[0]?.label?.message)).toBe('Use at most 2 characters.');
  });
});

describe('schemaFieldErrors and apiFieldErrors by control name', () => {
  const schema = z.object({ first_name: z.string().min(1).max(5), gcps: z.array(z.string().regex(/^\d{4,12}$/)).min(1) });
  const controls = { first_name: 'firstName', gcps: 'gcps' };

  it("words a form's value by the schema under the control that holds each field, an item of a list under the list", () => {
    const errors = schemaFieldErrors(schema, { first_name: 'Frederica', gcps: ['0614141', 'x'] }, controls);
    expect(Object.keys(errors)).toEqual(['firstName', 'gcps']);
    expect(fieldErrorText(korean, errors.firstName)).toBe('5자 이하로 입력하세요.');
    expect(fieldErrorText(english, errors.gcps)).toBe('This value is not valid.');
    expect(schemaFieldErrors(schema, { first_name: 'Fred', gcps: ['0614141'] }, controls)).toEqual({});
  });

  it("puts an API detail about a list's item under the list's control", () => {
    const cause = new ApiError(400, { code: 'E400001', message: 'Validation failed', details: [{ path: 'newUser.gcps.3', message: 'Required', code: 'too_small', minimum: 1, origin: 'string' }] });
    expect(fieldErrorText(english, apiFieldErrors(cause, { 'newUser.gcps': 'gcps' }).gcps)).toBe('This field is required.');
  });
});
