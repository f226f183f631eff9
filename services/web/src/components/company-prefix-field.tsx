import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorId } from '@/components/ui/field-error';

const Hint = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface CompanyPrefixFieldProps {
  /** The encoded error of the list (`prefixListError`, `prefixFieldError` of `lib/company-prefix-errors.ts`). */
  error: string | undefined;
  defaultValue?: string;
  hint?: ReactNode;
}

/**
 * The GS1 company prefixes of a company (control `gcps`: prefixes separated by commas), with
 * the error under it: a list of the wrong shape, or prefixes the API refused.
 */
export function CompanyPrefixField({ error, defaultValue, hint }: CompanyPrefixFieldProps) {
  const id = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id="register.gcps" />
      </Label>
      <Input
        id={id}
        name="gcps"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="0614141, 0614142"
        defaultValue={defaultValue}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        data-testid="gcps-input"
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldErrorSlot inputId={id} error={error} testId="gcps-error" />
    </Field>
  );
}
