import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';

const Bar = styled.footer`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  padding: 18px 28px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  a { color: inherit; text-decoration: none; font-weight: 500; border-radius: 4px; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
`;

export function Footer({ homeTo }: { homeTo: string }) {
  return (
    <Bar data-testid="footer">
      <span>
        <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
      </span>
      <Link to={homeTo}>
        <FormattedMessage id="footer.home" />
      </Link>
    </Bar>
  );
}
