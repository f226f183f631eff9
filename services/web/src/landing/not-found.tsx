import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';

/*
 * The landing's own error pages (a product that is not live, an API that does not answer): in the
 * neutral colours of a product page, in the viewer's language, with no console chrome and no
 * sign-in — a shopper who scanned a code has no account.
 */

const Page = styled.main`
  max-width: 400px;
  min-height: 100vh;
  min-height: 100dvh;
  margin: 0 auto;
  padding: 64px 24px;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  text-align: center;
  background: #ffffff;
  color: #1f2328;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 22px;
  line-height: 1.3;
`;

const Text = styled.p`
  margin: 0;
  color: #57606a;
  font-size: 16px;
  line-height: 1.5;
`;

const Retry = styled.a`
  margin-top: 12px;
  padding: 10px 20px;
  border: 1px solid #1f2328;
  border-radius: 8px;
  color: inherit;
  text-decoration: none;
  &:focus-visible {
    outline: 2px solid #0969da;
    outline-offset: 2px;
  }
`;

const Mark = styled.svg`
  width: 40px;
  height: 40px;
  color: #8c959f;
`;

export function LandingProblem({ kind, retryHref }: { kind: 'notFound' | 'unavailable'; retryHref?: string }) {
  return (
    <Page data-testid={kind === 'notFound' ? 'landing-not-found' : 'landing-unavailable'}>
      <Mark viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
        <path d="m3 8 9 5 9-5M12 13v8" />
      </Mark>
      <Title>
        <FormattedMessage id={`landing.${kind}.title`} />
      </Title>
      <Text>
        <FormattedMessage id={`landing.${kind}.body`} />
      </Text>
      {kind === 'unavailable' && retryHref ? (
        <Retry href={retryHref}>
          <FormattedMessage id="landing.unavailable.retry" />
        </Retry>
      ) : null}
    </Page>
  );
}
