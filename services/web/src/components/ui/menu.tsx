import styled, { css } from 'styled-components';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export const MenuRoot = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuPortal = DropdownMenu.Portal;
export const MenuRadioGroup = DropdownMenu.RadioGroup;
export const MenuItemIndicator = DropdownMenu.ItemIndicator;

export const MenuContent = styled(DropdownMenu.Content)`
  z-index: 30;
  min-width: 240px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 38px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 14px;
  cursor: pointer;
  user-select: none;
  outline: none;
  color: inherit;
  text-decoration: none;

  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
  }
  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const MenuItem = styled(DropdownMenu.Item)`
  ${itemStyles}
`;

export const MenuRadioItem = styled(DropdownMenu.RadioItem)`
  ${itemStyles}
  &[data-state='checked'] { font-weight: 600; }
`;

export const MenuLabel = styled(DropdownMenu.Label)`
  padding: 8px 10px 4px;
  font-size: 12px;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const MenuSeparator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 6px 0;
  background: ${({ theme }) => theme.colors.border};
`;
