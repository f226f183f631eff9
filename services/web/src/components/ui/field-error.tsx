import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { FieldError } from '@/components/ui/form-controls';
import { fieldErrorText } from '@/lib/field-errors';

/** One line of error text is always reserved, so that an error does not push the fields beside it. */
const Slot = styled.div`
  min-height: 16px;
  font-size: 12px;
  line-height: 16px;
`;

/** The id of a field's error element, for the input's `aria-describedby`. */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;

/**
 * The error under a field, in the UI language (see `lib/field-errors.ts`), announced as it
 * appears. Give the input `aria-invalid` and `aria-describedby={fieldErrorId(id)}` (or use
 * `fieldErrorProps`).
 */
export function FieldErrorSlot({ inputId, error, testId }: { inputId: string; error: string | undefined; testId?: string }) {
  const intl = useIntl();
  const text = fieldErrorText(intl, error);
  return (
    <Slot>
      {text ? (
        <FieldError id={fieldErrorId(inputId)} role="alert" data-testid={testId}>
          {text}
        </FieldError>
      ) : null}
    </Slot>
  );
}

/** The input's side of an error: invalid while it has one, described by it. */
export function fieldErrorProps(inputId: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(inputId) } : { 'aria-invalid': false as const };
}
