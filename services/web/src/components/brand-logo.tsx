import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { down } from '@/theme/media';

const Wrapper = styled.span<{ $inverted: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-weight: 700;
  font-size: 17px;
  color: ${({ theme, $inverted }) => ($inverted ? '#fff' : theme.colors.text)};
  white-space: nowrap;
`;

const Mark = styled.span<{ $inverted: boolean }>`
  display: grid;
  place-items: center;
  width: 34px;
  height: 34px;
  flex: none;
  border-radius: 10px;
  background: ${({ theme, $inverted }) =>
    $inverted ? 'rgba(255, 255, 255, 0.2)' : `linear-gradient(135deg, ${theme.colors.primary}, ${theme.colors.secondary})`};
  color: #fff;
`;

const Name = styled.span<{ $collapseOnMobile: boolean }>`
  ${({ $collapseOnMobile }) => ($collapseOnMobile ? `${down('sm')} { display: none; }` : '')}
`;

/** The product mark; `compact` hides the name (collapsed sidebar), `inverted` sits on a coloured panel, `collapseOnMobile` keeps only the mark on phones. */
export function BrandLogo({
  compact = false,
  inverted = false,
  collapseOnMobile = false,
}: {
  compact?: boolean;
  inverted?: boolean;
  collapseOnMobile?: boolean;
}) {
  return (
    <Wrapper $inverted={inverted}>
      <Mark aria-hidden="true" $inverted={inverted}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4z" />
          <path d="M14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 17.5h2.5V20H14zM17.5 14H20v2.5h-2.5z" />
        </svg>
      </Mark>
      {compact ? null : (
        <Name $collapseOnMobile={collapseOnMobile}>
          <FormattedMessage id="app.name" />
        </Name>
      )}
    </Wrapper>
  );
}
