import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSelect } from '@/components/language-select';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 24px;
  a { text-decoration: none; border-radius: 10px; }
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

/** The frame of the maintenance pages and of 404 pages outside the console shell. */
export function MaintenanceFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Page>
      <Top>
        <Link to="/" aria-label={intl.formatMessage({ id: 'nav.home' })}>
          <BrandLogo />
        </Link>
        <LanguageSelect />
      </Top>
      <Main>{children}</Main>
    </Page>
  );
}
