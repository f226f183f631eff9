import styled from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 24px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  ${({ theme, $tone = 'neutral' }) => {
    const c = theme.colors;
    const tones = {
      neutral: [c.surfaceHover, c.textMuted],
      primary: [c.primarySoft, c.primary],
      success: [c.successSoft, c.success],
      warning: [c.warningSoft, c.warning],
      danger: [c.dangerSoft, c.danger],
    } as const;
    const [background, color] = tones[$tone];
    return `background: ${background}; color: ${color};`;
  }}
`;
