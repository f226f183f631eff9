import styled from 'styled-components';
import type { ReactNode } from 'react';

export const ListState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function StateBlock({ icon, children, testId }: { icon?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <ListState data-testid={testId} role="status">
      {icon}
      {children}
    </ListState>
  );
}
