import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, type Design, type LandingProductInfo } from '@product-console/shared';
import { httpUrl } from '@/landing/lib/media';
import {
  LandingBody,
  LandingColumn,
  DraftNotice,
  LandingHorizon,
  LandingRoot,
  LandingSection,
  LandingTopBar,
  Logo,
  muted,
} from './product-landing';

/*
 * The frame of the landing's views other than index (issue 15): the product's design (page colours,
 * logo in its layout style), the 400 px column, a back link to the product, and the view's heading.
 */

const Back = styled.a<{ $fg: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  min-height: 44px;
  color: inherit;
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
  border-radius: 8px;
  span[aria-hidden] { font-size: 18px; line-height: 1; }
  &:hover span.label { text-decoration: underline; }
  &:focus-visible { outline: 2px solid ${({ $fg }) => $fg}; outline-offset: 2px; }
`;

const Heading = styled.h1`
  margin: 0;
  font-size: 24px;
  line-height: 1.25;
`;

const Eyebrow = styled.p<{ $fg: string }>`
  margin: 0 0 4px;
  font-size: 13px;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ $fg }) => muted($fg)};
`;

export const LinkList = styled.ul<{ $fg: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  a:focus-visible { outline: 2px solid ${({ $fg }) => $fg}; outline-offset: 2px; }
`;

export interface LandingFrameProps {
  design: Design;
  product: LandingProductInfo;
  /** The language the product's texts are read in (DEFAULT or a code). */
  language: string;
  /** The index view's address (keeps lang and serial). */
  backHref: string;
  /** Words above the heading (the view's name when the heading is the product's or company's own). */
  eyebrow?: ReactNode;
  heading: ReactNode;
  /** The heading is the product's or company's own text (read in the product's language), not the page's words. */
  headingIsData?: boolean;
  view: string;
  draft?: boolean;
  frame?: boolean;
  children: ReactNode;
}

/** The language product texts are written in: the design's default language for DEFAULT. */
export const spokenLanguage = (language: string, design: Design) => (language === DEFAULT_LANGUAGE ? design.defaultLang : language);

export function LandingFrame({ design, product, language, backHref, eyebrow, heading, headingIsData = false, view, draft = false, frame = false, children }: LandingFrameProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const uiLanguage = intl.locale;
  const logo = <Logo design={design} product={product} />;
  return (
    <LandingRoot $bg={design.page.background} $fg={fg} $frame={frame} data-testid="landing-view" data-view={view} data-template={design.template}>
      <LandingColumn $frame={frame} lang={spokenLanguage(language, design)} data-layout={design.layoutStyle}>
        {draft ? <DraftNotice lang={uiLanguage} /> : null}
        {design.layoutStyle === 'header' ? (
          <LandingTopBar $fg={fg} data-testid="preview-logo-bar">
            {logo}
          </LandingTopBar>
        ) : (
          <LandingHorizon $fg={fg} data-testid="preview-logo-horizon">
            {logo}
          </LandingHorizon>
        )}
        <LandingBody>
          <Back href={backHref} $fg={fg} lang={uiLanguage} data-testid="landing-back">
            <span aria-hidden="true">←</span>
            <span className="label">
              <FormattedMessage id="landing.back" />
            </span>
          </Back>
          <div>
            {eyebrow ? (
              <Eyebrow $fg={fg} lang={uiLanguage}>
                {eyebrow}
              </Eyebrow>
            ) : null}
            <Heading lang={headingIsData ? undefined : uiLanguage}>{heading}</Heading>
          </div>
          {children}
        </LandingBody>
      </LandingColumn>
    </LandingRoot>
  );
}

/** A `tel:` address of a phone number as written (`+1 555 0100` -> `tel:+15550100`); null without digits. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/** A `mailto:` address of a plausible email; null otherwise. */
export function mailtoHref(email: string): string | null {
  const value = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? `mailto:${value}` : null;
}

/** The company's ways to be reached (hours, phone, email, website), each a plain anchor; nothing when it has none. */
export function CompanyContact({ product, design, withWebsite = true }: { product: LandingProductInfo; design: Design; withWebsite?: boolean }) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const { contactHour, contactPhone, contactEmail, website } = product.company;
  const tel = telHref(contactPhone);
  const mail = mailtoHref(contactEmail);
  const site = withWebsite ? httpUrl(website) : null;
  if (!contactHour && !tel && !mail && !site) return null;
  return (
    <LandingSection $fg={fg} data-testid="landing-contact">
      <h2 lang={intl.locale}>
        <FormattedMessage id="landing.homepage.contact" />
      </h2>
      {contactHour ? (
        <p>
          <span lang={intl.locale}>
            <FormattedMessage id="landing.homepage.hours" />
          </span>
          {': '}
          {contactHour}
        </p>
      ) : null}
      <LinkList $fg={fg}>
        {tel ? (
          <li>
            <a href={tel} lang={intl.locale}>
              <FormattedMessage id="landing.homepage.phone" values={{ phone: contactPhone }} />
            </a>
          </li>
        ) : null}
        {mail ? (
          <li>
            <a href={mail} lang={intl.locale}>
              <FormattedMessage id="landing.homepage.email" values={{ email: contactEmail }} />
            </a>
          </li>
        ) : null}
        {site ? (
          <li>
            <a href={site.href} rel="noopener">
              {site.host}
            </a>
          </li>
        ) : null}
      </LinkList>
    </LandingSection>
  );
}
