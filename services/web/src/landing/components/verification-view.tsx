import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Design, LandingContent, LandingProductInfo, LandingVerification } from '@product-console/shared';
import { responsiveImage } from '@/landing/lib/landing';
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

/** The badge keeps its own green on white in any design, so that it always reads as the same mark. */
const Badge = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  border-radius: 12px;
  background: #e7f6ec;
  color: #0f5a2b;
  border: 1px solid #7cc496;
  strong { display: flex; align-items: center; gap: 8px; font-size: 18px; }
  strong span[aria-hidden] {
    display: inline-grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 50%;
    background: #1b7f3b;
    color: #fff;
    font-size: 16px;
  }
  p { margin: 0; }
`;

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

/**
 * The verification view (gs1:certificationInfo): the product and the scanned serial, and the Genuine badge with
 * its statement only when the API found the serial registered and live for this product; otherwise a plain
 * 'could not be verified' (or 'no serial') state with the brand's contact, never the badge.
 */
export function VerificationView({ product, content, design, language, verification, serial, backHref, draft, frame }: VerificationViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const texts = detailsFor(product, content.productDetails, language);
  const shownSerial = verification?.serial ?? serial;
  const status = verification?.status ?? (shownSerial ? 'unverified' : 'noSerial');
  const image = product.image.length > 0 ? responsiveImage(product, 0) : null;
  const company = product.companyName;
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
        </div>
      </Card>
      {status === 'genuine' ? (
        <Badge role="status" lang={intl.locale} data-testid="landing-genuine">
          <strong>
            <span aria-hidden="true">✓</span>
            <FormattedMessage id="landing.verification.genuine" />
          </strong>
          <p>
            <FormattedMessage id="landing.verification.statement" values={{ company }} />
          </p>
        </Badge>
      ) : (
        <Problem $fg={fg} lang={intl.locale} data-testid={status === 'noSerial' ? 'landing-no-serial' : 'landing-unverified'}>
          <h2>
            <span aria-hidden="true">!</span>
            <FormattedMessage id={status === 'noSerial' ? 'landing.verification.noSerial.title' : 'landing.verification.unverified.title'} />
          </h2>
          <p>
            <FormattedMessage id={status === 'noSerial' ? 'landing.verification.noSerial.body' : 'landing.verification.unverified.body'} values={{ company }} />
          </p>
        </Problem>
      )}
      {status === 'genuine' ? null : <CompanyContact product={product} design={design} />}
    </LandingFrame>
  );
}
