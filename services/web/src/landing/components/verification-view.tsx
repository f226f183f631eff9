import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Design, LandingContent, LandingProductInfo, LandingVerification } from '@product-console/shared';
import { responsiveImage } from '@/landing/lib/landing';
import { reportHref } from '@/landing/lib/urls';
import { CompanyContact, LandingFrame } from './landing-frame';
import { LandingName, LandingSubtleText, detailsFor, muted } from './product-landing';

export interface VerificationViewProps {
  product: LandingProductInfo;
  content: LandingContent;
  design: Design;
  language: string;
  /** The API's answer; null in a draft (nothing was checked), read as noSerial or unverified. */
  verification: LandingVerification | null;
  serial: string | null;
  /** A recall that reaches the scanned code: shown before anything else. */
  notice?: ReactNode;
  /** The scanned batch's lot and dates, under the product. */
  facts?: ReactNode;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

const Card = styled.div<{ $fg: string }>`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: 14px;
  align-items: center;
  padding: 12px;
  border: 1px solid ${({ $fg }) => muted($fg, 18)};
  border-radius: 12px;
  img { display: block; width: 96px; height: 96px; object-fit: cover; border-radius: 8px; }
  h2 { font-size: 18px; }
  &[data-image='false'] { grid-template-columns: minmax(0, 1fr); }
`;

/** The states keep their own colours in any design, so that each always reads as the same mark. */
const TONES = {
  genuine: { background: '#e7f6ec', color: '#0f5a2b', border: '#7cc496', mark: '#1b7f3b' },
  warning: { background: '#fff4e0', color: '#6b4100', border: '#e0a84a', mark: '#a86500' },
  notGenuine: { background: '#fdecec', color: '#7d1616', border: '#e39a9a', mark: '#b42323' },
} as const;

const Statement = styled.div<{ $tone: keyof typeof TONES }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  border-radius: 12px;
  background: ${({ $tone }) => TONES[$tone].background};
  color: ${({ $tone }) => TONES[$tone].color};
  border: 1px solid ${({ $tone }) => TONES[$tone].border};
  h2 { margin: 0; font-size: 18px; line-height: 1.3; display: flex; gap: 8px; align-items: center; }
  h2 span[aria-hidden] {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 28px;
    height: 28px;
    border-radius: 50%;
    background: ${({ $tone }) => TONES[$tone].mark};
    color: #fff;
    font-size: 16px;
  }
  p { margin: 0; }
  ul { margin: 0; padding-inline-start: 20px; }
`;

/** The design's own colours: a registered item is information, not a verdict. */
const Problem = styled.div<{ $fg: string }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  border-radius: 12px;
  border: 2px solid ${({ $fg }) => muted($fg, 55)};
  h2 { margin: 0; font-size: 18px; line-height: 1.3; display: flex; gap: 8px; align-items: center; }
  h2 span[aria-hidden] {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 28px;
    height: 28px;
    border-radius: 50%;
    border: 2px solid currentColor;
    font-size: 16px;
  }
  p { margin: 0; }
`;

/** "Report a suspected fake": a plain link to the report page, in the design's text colour. */
const ReportLink = styled.a<{ $fg: string }>`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: 22px;
  border: 1px solid ${({ $fg }) => muted($fg, 55)};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
`;

const History = styled.ul<{ $fg: string }>`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 4px;
  color: ${({ $fg }) => muted($fg, 80)};
`;

/** A country's name in the page's language, or the code when the runtime has no name for it. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** What came before this check: the first one's day and country and how many, or that this is the first. */
function CheckHistory({ verification, fg }: { verification: LandingVerification; fg: string }) {
  const intl = useIntl();
  const history = verification.history;
  if (!history) {
    return (
      <History $fg={fg} data-testid="landing-history">
        <li>
          <FormattedMessage id="landing.verification.history.firstEver" />
        </li>
      </History>
    );
  }
  const date = intl.formatDate(history.firstCheckedAt, { dateStyle: 'long' });
  return (
    <History $fg={fg} data-testid="landing-history">
      <li>
        {history.firstCountry ? (
          <FormattedMessage id="landing.verification.history.firstIn" values={{ date, country: countryName(history.firstCountry, intl.locale) }} />
        ) : (
          <FormattedMessage id="landing.verification.history.first" values={{ date }} />
        )}
      </li>
      <li>
        <FormattedMessage id="landing.verification.history.checks" values={{ count: history.checks }} />
      </li>
    </History>
  );
}

type Shown = LandingVerification['status'];

/**
 * The verification view (gs1:certificationInfo): the product and the scanned serial, and what is known of it
 * (issue 25): the Genuine badge only for a fresh cryptographic NFC tap; a registered item with its honest
 * history (a printed code can be copied); a warning with what was seen and what to do; not genuine with why;
 * or no serial. Each state in its own words and colours, never cached across visitors.
 */
export function VerificationView({ product, content, design, language, verification, serial, notice, facts, backHref, draft, frame }: VerificationViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const texts = detailsFor(product, content.productDetails, language);
  const shownSerial = verification?.serial ?? serial;
  const status: Shown = verification?.status ?? (shownSerial ? 'notGenuine' : 'noSerial');
  const image = product.image.length > 0 ? responsiveImage(product, 0) : null;
  const company = product.companyName;
  const country = verification?.country ? countryName(verification.country, intl.locale) : null;
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="verification"
      heading={<FormattedMessage id="landing.verification.title" />}
      draft={draft}
      frame={frame}
    >
      {notice}
      <Card $fg={fg} data-image={image ? 'true' : 'false'} data-testid="landing-verification-product">
        {image ? <img {...image} sizes="96px" width={96} height={96} alt={texts.productName} /> : null}
        <div>
          <LandingName as="h2">{texts.productName}</LandingName>
          {product.product_number ? (
            <LandingSubtleText $fg={fg}>
              <span lang={intl.locale}>
                <FormattedMessage id="landing.productNumber" />
              </span>{' '}
              {product.product_number}
            </LandingSubtleText>
          ) : null}
          {shownSerial ? (
            <LandingSubtleText $fg={fg} data-testid="landing-serial">
              <span lang={intl.locale}>
                <FormattedMessage id="landing.serial" />
              </span>{' '}
              {shownSerial}
            </LandingSubtleText>
          ) : null}
          {facts}
        </div>
      </Card>
      {status === 'genuine' ? (
        <Statement $tone="genuine" role="status" lang={intl.locale} data-testid="landing-genuine">
          <h2>
            <span aria-hidden="true">✓</span>
            <FormattedMessage id="landing.verification.genuine" />
          </h2>
          <p>
            <FormattedMessage id="landing.verification.statement" values={{ company }} />
          </p>
        </Statement>
      ) : status === 'registered' && verification ? (
        <Problem $fg={fg} role="status" lang={intl.locale} data-testid="landing-registered">
          <h2>
            <span aria-hidden="true">i</span>
            <FormattedMessage id="landing.verification.registered.title" />
          </h2>
          <p>
            <FormattedMessage id="landing.verification.registered.body" values={{ company }} />
          </p>
          <CheckHistory verification={verification} fg={fg} />
        </Problem>
      ) : status === 'warning' && verification ? (
        <Statement $tone="warning" role="alert" lang={intl.locale} data-testid="landing-warning">
          <h2>
            <span aria-hidden="true">!</span>
            <FormattedMessage id="landing.verification.warning.title" />
          </h2>
          <ul>
            {verification.warnings.map((warning) => (
              <li key={warning} data-warning={warning}>
                <FormattedMessage id={`landing.verification.warning.${warning}`} values={{ company, country: country ?? '' }} />
              </li>
            ))}
          </ul>
          <p>
            <FormattedMessage id="landing.verification.warning.advice" values={{ company }} />
          </p>
          <CheckHistory verification={verification} fg={fg} />
        </Statement>
      ) : status === 'notGenuine' ? (
        <Statement $tone="notGenuine" role="alert" lang={intl.locale} data-testid="landing-not-genuine" data-reason={verification?.reason ?? 'unknown'}>
          <h2>
            <span aria-hidden="true">✕</span>
            <FormattedMessage id="landing.verification.notGenuine.title" />
          </h2>
          <p>
            <FormattedMessage id={`landing.verification.notGenuine.${verification?.reason ?? 'unknown'}`} values={{ company }} />
          </p>
          <p>
            <FormattedMessage id="landing.verification.notGenuine.advice" values={{ company }} />
          </p>
        </Statement>
      ) : (
        <Problem $fg={fg} lang={intl.locale} data-testid="landing-no-serial">
          <h2>
            <span aria-hidden="true">!</span>
            <FormattedMessage id="landing.verification.noSerial.title" />
          </h2>
          <p>
            <FormattedMessage id="landing.verification.noSerial.body" values={{ company }} />
          </p>
        </Problem>
      )}
      {status === 'registered' || status === 'warning' || status === 'notGenuine' ? (
        <ReportLink $fg={fg} href={reportHref(backHref.split('?')[0], shownSerial)} lang={intl.locale} data-testid="landing-report-link">
          <FormattedMessage id="landing.report.title" />
        </ReportLink>
      ) : null}
      {status === 'genuine' ? null : <CompanyContact product={product} design={design} />}
    </LandingFrame>
  );
}
