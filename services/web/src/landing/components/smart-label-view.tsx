import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, type Design, type LandingBatch, type LandingContent, type LandingPageData, type LandingProductInfo } from '@product-console/shared';
import { httpUrl } from '@/landing/lib/media';
import { publicFileUrl } from '@/landing/lib/urls';
import { LandingFrame } from './landing-frame';
import { ProductLabelSections } from './product-label';
import { LandingEmpty, LandingSection, LandingSubtleText, detailsFor, muted } from './product-landing';

export interface SmartLabelViewProps {
  product: LandingProductInfo;
  content: LandingContent;
  design: Design;
  language: string;
  smartLabel: LandingPageData['smartLabel'];
  /** The scanned batch: a food label shows its best-before or expiry date. */
  batch?: LandingBatch | null;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

const Facts = styled.dl<{ $fg: string }>`
  margin: 0;
  border-top: 1px solid ${({ $fg }) => muted($fg, 18)};
  > div {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    gap: 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ $fg }) => muted($fg, 18)};
  }
  dt, dd { margin: 0; }
  dt { font-weight: 600; }
`;

const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  li { display: flex; flex-direction: column; gap: 6px; }
  img { display: block; width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; border-radius: 8px; }
`;

const Certifications = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 { margin: 0; font-size: 16px; }
  a { color: inherit; }
`;

const CareImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: 8px;
`;

/**
 * The smart-label view (spec point 9, category 2 and 3 products): the food, wine or textile label (issue 29), details, dynamic information, features, care
 * information (text or image), options with their images and certifications; other products have no label.
 */
export function SmartLabelView({ product, content, design, language, smartLabel, batch, backHref, draft, frame }: SmartLabelViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const ui = intl.locale;
  const texts = detailsFor(product, content.productDetails, language);
  const own = content.productDetails.find((item) => item.languageCode === language);
  const base = content.productDetails.find((item) => item.languageCode === DEFAULT_LANGUAGE);
  const details = smartLabel ? own?.details || base?.details || smartLabel.details : '';
  const care = product.careInfo;
  const careShown = care.type === 'image' && care.image ? 'image' : care.text ? 'text' : null;
  const label = smartLabel?.label ?? null;
  const empty =
    !smartLabel ||
    (!label &&
      !details && smartLabel.dynamicInfo.length === 0 && !texts.features && !careShown && smartLabel.options.length === 0 && smartLabel.certifications.length === 0);
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="smartLabel"
      eyebrow={<FormattedMessage id="landing.smartLabel.title" />}
      heading={texts.productName}
      headingIsData
      draft={draft}
      frame={frame}
    >
      {product.product_number ? <LandingSubtleText $fg={fg}>{product.product_number}</LandingSubtleText> : null}
      {empty ? (
        <LandingEmpty $fg={fg} lang={ui} data-testid="landing-empty">
          <FormattedMessage id="landing.smartLabel.none" />
        </LandingEmpty>
      ) : (
        <>
          {label ? <ProductLabelSections label={label} batch={batch} fg={fg} /> : null}
          {details ? (
            <LandingSection $fg={fg} data-testid="landing-label-details">
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.details" />
              </h2>
              <p>{details}</p>
            </LandingSection>
          ) : null}
          {smartLabel.dynamicInfo.length > 0 ? (
            <LandingSection $fg={fg} data-testid="landing-label-dynamic">
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.dynamicInfo" />
              </h2>
              <Facts $fg={fg}>
                {smartLabel.dynamicInfo.map((item, index) => (
                  <div key={`${item.label}-${index}`}>
                    <dt>{item.label}</dt>
                    <dd>{item.value}</dd>
                  </div>
                ))}
              </Facts>
            </LandingSection>
          ) : null}
          {texts.features ? (
            <LandingSection $fg={fg}>
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.features" />
              </h2>
              <p>{texts.features}</p>
            </LandingSection>
          ) : null}
          {careShown ? (
            <LandingSection $fg={fg} data-testid="landing-label-care">
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.care" />
              </h2>
              {careShown === 'image' ? (
                <CareImage
                  src={publicFileUrl(care.image!)}
                  alt={care.text || intl.formatMessage({ id: 'landing.smartLabel.careImageAlt' }, { name: texts.productName })}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <p>{care.text}</p>
              )}
            </LandingSection>
          ) : null}
          {smartLabel.options.length > 0 ? (
            <LandingSection $fg={fg} data-testid="landing-label-options">
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.options" />
              </h2>
              <Options>
                {smartLabel.options.map((option, index) => (
                  <li key={`${option.name}-${option.value}-${index}`}>
                    {option.image ? (
                      <img src={publicFileUrl(option.image)} alt={`${option.name}: ${option.value}`} width={180} height={180} loading="lazy" decoding="async" />
                    ) : null}
                    <span>
                      {option.name}: <strong>{option.value}</strong>
                    </span>
                  </li>
                ))}
              </Options>
            </LandingSection>
          ) : null}
          {smartLabel.certifications.length > 0 ? (
            <LandingSection $fg={fg} data-testid="landing-label-certifications">
              <h2 lang={ui}>
                <FormattedMessage id="landing.smartLabel.certifications" />
              </h2>
              <Certifications>
                {smartLabel.certifications.map((certification) => {
                  const site = httpUrl(certification.website);
                  return (
                    <li key={certification.id}>
                      <h3>{certification.name}</h3>
                      {certification.issuer ? <LandingSubtleText $fg={fg}>{certification.issuer}</LandingSubtleText> : null}
                      {certification.description ? <p>{certification.description}</p> : null}
                      {site ? (
                        <a href={site.href} rel="noopener">
                          {site.host.replace(/^www\./, '')}
                        </a>
                      ) : null}
                    </li>
                  );
                })}
              </Certifications>
            </LandingSection>
          ) : null}
        </>
      )}
    </LandingFrame>
  );
}
