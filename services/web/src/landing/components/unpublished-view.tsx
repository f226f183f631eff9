import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Design, LandingProductInfo } from '@product-console/shared';
import { LandingFrame } from './landing-frame';
import { muted } from './product-landing';

export interface UnpublishedViewProps {
  view: 'dpp' | 'traceability';
  product: LandingProductInfo;
  design: Design;
  language: string;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

const Notice = styled.section<{ $fg: string }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 24px 16px;
  border: 1px dashed ${({ $fg }) => muted($fg, 45)};
  border-radius: 12px;
  text-align: center;
  h2 { margin: 0; font-size: 18px; }
  p { margin: 0; color: ${({ $fg }) => muted($fg, 75)}; }
`;

/**
 * The dpp and traceability views: they will draw the passport (DPP issue) and the journey (EPCIS issue); until a
 * product has them, each says plainly that nothing has been published yet and leads back to the product.
 */
export function UnpublishedView({ view, product, design, language, backHref, draft, frame }: UnpublishedViewProps) {
  const intl = useIntl();
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view={view}
      heading={<FormattedMessage id={view === 'dpp' ? 'landing.dpp.title' : 'landing.traceability.title'} />}
      draft={draft}
      frame={frame}
    >
      <Notice $fg={design.page.textColor} lang={intl.locale} data-testid="landing-unpublished">
        <h2>
          <FormattedMessage id="landing.unpublished" />
        </h2>
        <p>
          <FormattedMessage id={view === 'dpp' ? 'landing.dpp.unpublished' : 'landing.traceability.unpublished'} />
        </p>
      </Notice>
    </LandingFrame>
  );
}
