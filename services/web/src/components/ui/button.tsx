import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const sizes = {
  sm: css`height: 32px; padding: 0 12px; font-size: 13px;`,
  md: css`height: 40px; padding: 0 16px; font-size: 14px;`,
  lg: css`height: 48px; padding: 0 22px; font-size: 15px;`,
};

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-weight: 600;
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, border-color 0.15s ease, color 0.15s ease, box-shadow 0.15s ease;
  ${({ $size = 'md' }) => sizes[$size]}

  ${({ theme, $variant = 'primary' }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          box-shadow: ${theme.shadow.sm};
          &:hover:not(:disabled) { background: ${c.primaryHover}; }
        `;
      case 'secondary':
        return css`
          background: ${c.primarySoft};
          color: ${c.primary};
          &:hover:not(:disabled) { background: color-mix(in srgb, ${c.primary} 18%, transparent); }
        `;
      case 'outline':
        return css`
          background: ${c.surface};
          color: ${c.text};
          border-color: ${c.borderStrong};
          &:hover:not(:disabled) { border-color: ${c.primary}; color: ${c.primary}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.textMuted};
          &:hover:not(:disabled) { background: ${c.surfaceHover}; color: ${c.text}; }
        `;
      case 'danger':
        return css`
          background: ${c.danger};
          color: #fff;
          &:hover:not(:disabled) { filter: brightness(0.92); }
        `;
    }
  }}

  &:disabled, &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

const iconButtonStyles = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  text-decoration: none;
  transition: background-color 0.15s ease, color 0.15s ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &[data-state='open'] { background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; }
`;

export const IconButton = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))`
  ${iconButtonStyles}
`;

export const IconLink = styled(Link)`
  ${iconButtonStyles}
`;
