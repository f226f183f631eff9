import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-weight: 700;
  font-size: 17px;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 34px;
  height: 34px;
  flex: none;
  border-radius: 10px;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.secondary});
  color: #fff;
`;

/** The product mark; `compact` hides the name (collapsed sidebar). */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <Wrapper>
      <Mark aria-hidden="true">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4z" />
          <path d="M14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 17.5h2.5V20H14zM17.5 14H20v2.5h-2.5z" />
        </svg>
      </Mark>
      {compact ? null : <FormattedMessage id="app.name" />}
    </Wrapper>
  );
}
