import styled from 'styled-components';
import { useFormContext, useFormState } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { AccessLevel, AccessOverrides } from '@product-console/shared';
import { fieldAccessLevel } from '@product-console/shared';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { FormSelect, TextArea } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import { allowedLevels, asList, asNumber, type PassportFormValues } from '@/features/passport/model/passport-form';
import { fieldLabel, type PassportField } from '@/features/passport/model/passport-fields';

const WithUnit = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  > :first-child { flex: 1; min-width: 0; }
`;

const Unit = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const AccessSelect = styled(FormSelect)`
  max-width: 100%;
  font-size: 13px;
`;

const AccessRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  label {
    font-size: 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  select { flex: 1; min-width: 0; }
`;

const Wide = styled(Field)`
  min-width: 0;
`;

/** Reads a nested error message by dotted path. */
function errorAt(errors: unknown, path: string): string | undefined {
  let current: unknown = errors;
  for (const segment of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  const message = current && typeof current === 'object' ? (current as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

export const inputIdOf = (path: string) => `passport-${path.replace(/\./g, '-')}`;

/** The access level of a field path, with a select that only tightens it. */
export function AccessLevelSelect({ path, label, overrides, onChange }: { path: string; label: string; overrides: AccessOverrides; onChange: (path: string, level: AccessLevel) => void }) {
  const intl = useIntl();
  const id = `access-${path.replace(/\./g, '-')}`;
  return (
    <AccessRow>
      <label htmlFor={id}>{intl.formatMessage({ id: 'passport.access.title' })}</label>
      <AccessSelect
      id={id}
      data-testid={id}
      aria-label={intl.formatMessage({ id: 'passport.access.label' }, { field: label })}
      value={fieldAccessLevel(path, overrides)}
      onChange={(event) => onChange(path, event.target.value as AccessLevel)}
    >
      {allowedLevels(path).map((level) => (
        <option key={level} value={level}>
          {intl.formatMessage({ id: `passport.access.${level}` as MessageId })}
        </option>
      ))}
      </AccessSelect>
    </AccessRow>
  );
}

/** One passport input under `data.{path}`, its unit beside it, its error under it. */
export function PassportFieldInput({ field, name, overrides, onAccessChange }: { field: PassportField; name?: string; overrides: AccessOverrides; onAccessChange: (path: string, level: AccessLevel) => void }) {
  const intl = useIntl();
  const { register } = useFormContext<PassportFormValues>();
  const { errors } = useFormState<PassportFormValues>();
  const full = `data.${name ?? field.path}`;
  const id = inputIdOf(full);
  const error = errorAt(errors, full);
  const registered = register(full as 'data', {
    setValueAs: field.kind === 'number' ? asNumber : field.kind === 'list' ? asList : undefined,
  });
  const control = field.options ? (
    <FormSelect id={id} {...registered} {...fieldErrorProps(id, error)}>
      <option value="">{intl.formatMessage({ id: 'passport.choose' })}</option>
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {intl.formatMessage({ id: option.label })}
        </option>
      ))}
    </FormSelect>
  ) : field.kind === 'textarea' ? (
    <TextArea id={id} rows={3} {...registered} {...fieldErrorProps(id, error)} />
  ) : (
    <Input
      id={id}
      type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
      step={field.kind === 'number' ? 'any' : undefined}
      {...registered}
      {...fieldErrorProps(id, error)}
    />
  );
  const unit = typeof field.unit === 'string' ? field.unit : field.unit ? intl.formatMessage({ id: field.unit.id }) : null;
  return (
    <Wide>
      <Label htmlFor={id}>{intl.formatMessage({ id: fieldLabel(field.path) })}</Label>
      <WithUnit>
        {control}
        {unit ? <Unit data-testid={`${id}-unit`}>{unit}</Unit> : null}
      </WithUnit>
      <FieldErrorSlot inputId={id} error={error} testId={`${id}-error`} />
      {field.access ? <AccessLevelSelect path={field.access} label={intl.formatMessage({ id: fieldLabel(field.path) })} overrides={overrides} onChange={onAccessChange} /> : null}
    </Wide>
  );
}
