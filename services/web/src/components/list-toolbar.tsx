import { useId } from 'react';
import styled from 'styled-components';
import { SearchIcon } from '@/components/icons';
import { Input } from '@/components/ui/field';

/** The row above a list: its search, sort and bulk actions. */
export const ListToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 16px 22px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const SearchField = styled.div`
  position: relative;
  flex: 1 1 240px;
  max-width: 360px;
  svg {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input { padding-left: 38px; height: 38px; }
`;

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** What the box searches: its accessible name and its placeholder. */
  label: string;
  id?: string;
  testId?: string;
  className?: string;
}

/** A list's search field, with its magnifier. */
export function SearchBox({ value, onChange, label, id, testId, className }: SearchBoxProps) {
  const ownId = useId();
  return (
    <SearchField className={className}>
      <SearchIcon size={16} />
      <Input
        id={id ?? ownId}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        placeholder={label}
        data-testid={testId}
      />
    </SearchField>
  );
}
