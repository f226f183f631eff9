import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { BrandLogo } from '@/components/brand-logo';
import { LinkIcon, PassportIcon, QrIcon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { down } from '@/theme/media';

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(360px, 5fr) 7fr;
  min-height: 100vh;
  min-height: 100dvh;
  ${down('md')} { grid-template-columns: 1fr; }
`;

const Showcase = styled.aside`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: 32px;
  padding: 40px 44px;
  overflow: hidden;
  color: #fff;
  background:
    radial-gradient(circle at 15% 20%, rgba(255, 255, 255, 0.16), transparent 40%),
    radial-gradient(circle at 85% 85%, rgba(255, 255, 255, 0.12), transparent 45%),
    linear-gradient(150deg, ${({ theme }) => theme.colors.primary}, color-mix(in srgb, ${({ theme }) => theme.colors.primary} 45%, ${({ theme }) => theme.colors.secondary}));
  ${down('md')} { display: none; }

`;

const Headline = styled.h2`
  font-size: 30px;
  line-height: 1.2;
  font-weight: 700;
  max-width: 420px;
`;

const Lead = styled.p`
  margin-top: 14px;
  opacity: 0.88;
  max-width: 420px;
`;

const Features = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Feature = styled.li`
  display: flex;
  align-items: center;
  gap: 14px;
  font-weight: 500;

  span {
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border-radius: 12px;
    background: rgba(255, 255, 255, 0.16);
  }
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  padding: 24px;
  background: ${({ theme }) => theme.colors.surface};
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const MobileBrand = styled.div`
  visibility: hidden;
  ${down('md')} { visibility: visible; }
`;

const Content = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
  padding: 32px 0;
`;

const Inner = styled.div`
  width: min(420px, 100%);
`;

/** The frame of the sign-in page and the other account pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Showcase>
        <BrandLogo inverted />
        <div>
          <Headline>
            <FormattedMessage id="auth.showcase.headline" />
          </Headline>
          <Lead>
            <FormattedMessage id="auth.showcase.lead" />
          </Lead>
        </div>
        <Features>
          <Feature>
            <span aria-hidden="true">
              <QrIcon />
            </span>
            <FormattedMessage id="auth.showcase.feature1" />
          </Feature>
          <Feature>
            <span aria-hidden="true">
              <PassportIcon />
            </span>
            <FormattedMessage id="auth.showcase.feature2" />
          </Feature>
          <Feature>
            <span aria-hidden="true">
              <LinkIcon />
            </span>
            <FormattedMessage id="auth.showcase.feature3" />
          </Feature>
        </Features>
      </Showcase>
      <Main>
        <TopRow>
          <MobileBrand>
            <BrandLogo />
          </MobileBrand>
          <LanguageSelect />
        </TopRow>
        <Content>
          <Inner>{children}</Inner>
        </Content>
      </Main>
    </Page>
  );
}
