import { useId, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { CheckRow, Hint } from '@/components/ui/form-controls';

const Box = styled.div`
  display: grid;
  gap: 8px;
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 4px 12px;
  max-height: 220px;
  overflow-y: auto;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 10px;
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  label { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 13px; overflow-wrap: anywhere; }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  input { height: 34px; max-width: 220px; }
`;

/** Above this many serials the picker offers a filter. */
const FILTER_FROM = 8;

interface SerialPickerProps {
  /** Names the group for assistive technology, and its test ids. */
  name: string;
  label: string;
  serials: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The product's registered serials as checkboxes, filtered when there are many. */
export function SerialPicker({ name, label, serials, value, onChange, invalid = false, describedBy }: SerialPickerProps) {
  const intl = useIntl();
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const shown = filter ? serials.filter((serial) => serial.toLowerCase().includes(filter.toLowerCase())) : serials;
  const toggle = (serial: string) => onChange(chosen.has(serial) ? value.filter((item) => item !== serial) : [...value, serial]);

  if (serials.length === 0) {
    return (
      <Hint data-testid={`${name}-none`}>
        <FormattedMessage id="trace.form.noSerials" />
      </Hint>
    );
  }
  return (
    <Box>
      <Tools>
        {serials.length > FILTER_FROM ? (
          <Input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            aria-label={intl.formatMessage({ id: 'trace.form.filterSerials' })}
            placeholder={intl.formatMessage({ id: 'trace.form.filterSerials' })}
          />
        ) : null}
        <Button $size="sm" $variant="ghost" onClick={() => onChange([...new Set([...value, ...shown])])}>
          <FormattedMessage id="trace.form.selectShown" />
        </Button>
        {value.length ? (
          <Button $size="sm" $variant="ghost" onClick={() => onChange([])}>
            <FormattedMessage id="trace.form.selectNone" />
          </Button>
        ) : null}
        <Hint aria-live="polite" data-testid={`${name}-count`}>
          <FormattedMessage id="trace.form.chosen" values={{ count: value.length }} />
        </Hint>
      </Tools>
      <Choices role="group" aria-label={label} aria-invalid={invalid} aria-describedby={describedBy} data-testid={name}>
        {shown.map((serial) => (
          <CheckRow key={serial} htmlFor={`${id}-${serial}`}>
            <input id={`${id}-${serial}`} type="checkbox" checked={chosen.has(serial)} onChange={() => toggle(serial)} />
            {serial}
          </CheckRow>
        ))}
      </Choices>
    </Box>
  );
}
