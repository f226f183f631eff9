import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useCombobox, useMultipleSelection } from 'downshift';
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRY_CODES } from '@product-console/shared';
import { Badge } from '@/components/ui/badge';
import { Input, Label } from '@/components/ui/field';

const Chips = styled.ul`
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Chip = styled(Badge).attrs({ as: 'li' })`
  padding-inline-end: 4px;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 1px; }
`;

const Remove = styled.button`
  display: inline-grid;
  place-items: center;
  width: 18px;
  height: 18px;
  border: 0;
  border-radius: 50%;
  background: none;
  color: inherit;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.surface}; }
`;

const Box = styled.div`
  position: relative;
`;

const Options = styled.ul<{ $open: boolean }>`
  position: absolute;
  z-index: 20;
  inset-inline: 0;
  top: 100%;
  max-height: 260px;
  overflow-y: auto;
  margin: 4px 0 0;
  padding: ${({ $open }) => ($open ? '6px' : '0')};
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  border: ${({ $open, theme }) => ($open ? `1px solid ${theme.colors.border}` : '0')};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ $open, theme }) => ($open ? theme.shadow.lg : 'none')};
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.primarySoft : 'none')};
  color: ${({ $active, theme }) => ($active ? theme.colors.primary : 'inherit')};
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Country names in the UI language (`Intl.DisplayNames`), falling back to the code. */
export function useCountryNames(): (code: string) => string {
  const { locale } = useIntl();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);
}

interface CountryMultiSelectProps {
  id: string;
  value: readonly string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}

/** Chosen countries, read only: for a user who may not change them. */
export function CountryList({ codes }: { codes: readonly string[] }) {
  const intl = useIntl();
  const nameOf = useCountryNames();
  return (
    <Chips aria-label={intl.formatMessage({ id: 'markets.selected' })} data-testid="markets-chips">
      {codes.map((code) => (
        <Chip key={code} $tone="primary" data-testid={`market-${code}`}>
          {nameOf(code)}
        </Chip>
      ))}
    </Chips>
  );
}

/**
 * Countries picked by name or code (a WAI-ARIA combobox from downshift): type to search, arrows
 * and Enter to add; the chosen ones as chips, removed with their button or Backspace/Delete.
 */
export function CountryMultiSelect({ id, value, onChange, disabled = false }: CountryMultiSelectProps) {
  const intl = useIntl();
  const nameOf = useCountryNames();
  const [inputValue, setInputValue] = useState('');
  const selected = useMemo(() => [...value], [value]);

  const options = useMemo(() => {
    const query = inputValue.trim().toLocaleLowerCase(intl.locale);
    const chosen = new Set(selected);
    return COUNTRY_CODES.filter((code) => !chosen.has(code))
      .map((code) => ({ code, name: nameOf(code) }))
      .filter(({ code, name }) => query === '' || code.toLowerCase() === query || name.toLocaleLowerCase(intl.locale).includes(query))
      .sort((a, b) => a.name.localeCompare(b.name, intl.locale))
      .map(({ code }) => code);
  }, [inputValue, selected, nameOf, intl.locale]);

  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<string>({
    selectedItems: selected,
    itemToKey: (code) => code,
    onStateChange({ selectedItems, type }) {
      switch (type) {
        case useMultipleSelection.stateChangeTypes.SelectedItemKeyDownBackspace:
        case useMultipleSelection.stateChangeTypes.SelectedItemKeyDownDelete:
        case useMultipleSelection.stateChangeTypes.DropdownKeyDownBackspace:
        case useMultipleSelection.stateChangeTypes.FunctionRemoveSelectedItem:
          onChange(selectedItems ?? []);
          break;
        default:
          break;
      }
    },
  });

  const { isOpen, getLabelProps, getMenuProps, getInputProps, highlightedIndex, getItemProps } = useCombobox<string>({
    id,
    items: options,
    itemToString: (code) => (code ? nameOf(code) : ''),
    defaultHighlightedIndex: 0,
    selectedItem: null,
    inputValue,
    stateReducer(state, { changes, type }) {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          // Stay open on the same place for the next country.
          return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' };
        case useCombobox.stateChangeTypes.InputBlur:
          // Leaving the field never adds the highlighted country.
          return { ...changes, selectedItem: null, inputValue: '' };
        default:
          return changes;
      }
    },
    onStateChange({ inputValue: typed, type, selectedItem }) {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          if (selectedItem) {
            onChange([...selected, selectedItem]);
            setInputValue('');
          }
          break;
        case useCombobox.stateChangeTypes.InputChange:
          setInputValue(typed ?? '');
          break;
        case useCombobox.stateChangeTypes.InputBlur:
          setInputValue('');
          break;
        default:
          break;
      }
    },
  });

  return (
    <div>
      {selected.length > 0 ? (
        <Chips aria-label={intl.formatMessage({ id: 'markets.selected' })} data-testid="markets-chips">
          {selected.map((code, index) => (
            <Chip key={code} $tone="primary" data-testid={`market-${code}`} {...getSelectedItemProps({ selectedItem: code, index })}>
              {nameOf(code)}
              {disabled ? null : (
                <Remove
                  type="button"
                  aria-label={intl.formatMessage({ id: 'markets.remove' }, { country: nameOf(code) })}
                  onClick={(event) => {
                    event.stopPropagation();
                    removeSelectedItem(code);
                  }}
                >
                  ×
                </Remove>
              )}
            </Chip>
          ))}
        </Chips>
      ) : null}
      <Box>
        <Label {...getLabelProps()}>
          <FormattedMessage id="markets.add" />
        </Label>
        <Input
          placeholder={intl.formatMessage({ id: 'markets.placeholder' })}
          data-testid="markets-input"
          disabled={disabled}
          {...getInputProps(getDropdownProps({ preventKeyAction: isOpen }))}
        />
        <Options $open={isOpen} {...getMenuProps()}>
          {isOpen && options.length === 0 ? (
            <Option as="li" $active={false} aria-disabled="true">
              <FormattedMessage id="markets.noMatch" />
            </Option>
          ) : null}
          {isOpen
            ? options.map((code, index) => (
                <Option key={code} $active={highlightedIndex === index} {...getItemProps({ item: code, index })}>
                  <span>{nameOf(code)}</span>
                  <small>{code}</small>
                </Option>
              ))
            : null}
        </Options>
      </Box>
    </div>
  );
}
