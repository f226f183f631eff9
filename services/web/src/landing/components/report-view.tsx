import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_PHOTO_MAX_BYTES,
  REPORT_PHOTO_TYPES,
  latestPurchaseDay,
  type Design,
  type LandingContent,
  type LandingProductInfo,
  type LandingReportPageState,
} from '@product-console/shared';
import { LandingFrame } from './landing-frame';
import { LandingSubtleText, detailsFor, muted } from './product-landing';

/*
 * The landing's "Report a suspected fake" page (issue 25 part 3, decision 071): a plain HTML form
 * posted (multipart, with an optional photo) to its own address, so it works without JavaScript on
 * a slow phone; the gateway answers the thank-you state or the form again with its errors. The
 * `website` field is a honeypot: out of sight and out of the tab order, people leave it empty.
 */

export interface ReportViewProps {
  product: LandingProductInfo;
  content: LandingContent;
  design: Design;
  language: string;
  serial: string | null;
  /** The form's own address (it posts to itself). */
  action: string;
  backHref: string;
  /** The language the shopper reads the page in, sent with the report for the brand's answer. */
  uiLanguage: string;
  report: LandingReportPageState;
}

const Form = styled.form<{ $fg: string }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  label { display: flex; flex-direction: column; gap: 6px; font-weight: 600; font-size: 15px; }
  input[type='text'], input[type='email'], input[type='date'], input[type='file'] {
    font: inherit;
    font-weight: 400;
    min-height: 44px;
    padding: 8px 10px;
    border: 1px solid ${({ $fg }) => muted($fg, 45)};
    border-radius: 8px;
    background: transparent;
    color: inherit;
  }
  input:focus-visible, button:focus-visible { outline: 2px solid ${({ $fg }) => $fg}; outline-offset: 2px; }
  input[aria-invalid='true'] { border: 2px solid #b42318; }
  .hint { font-weight: 400; font-size: 13px; color: ${({ $fg }) => muted($fg)}; }
  .error { font-weight: 600; font-size: 14px; color: #b42318; }
  .consent { flex-direction: row; align-items: flex-start; gap: 10px; font-weight: 400; }
  .consent input { width: 22px; height: 22px; margin: 0; flex: none; }
  button {
    min-height: 48px;
    border: 0;
    border-radius: 10px;
    background: ${({ $fg }) => $fg};
    color: #fff;
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
`;

/** Out of sight for people, still in the document for form-filling robots. */
const Trap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

const Notice = styled.div<{ $fg: string }>`
  padding: 14px 16px;
  border-radius: 12px;
  border: 2px solid ${({ $fg }) => muted($fg, 55)};
  h2 { margin: 0 0 6px; font-size: 18px; }
  p { margin: 0; }
`;

const Privacy = styled.p<{ $fg: string }>`
  margin: 0;
  font-size: 13px;
  line-height: 1.5;
  color: ${({ $fg }) => muted($fg)};
`;

type FieldName = 'purchasePlace' | 'purchaseDate' | 'seller' | 'email' | 'photo';

export function ReportView({ product, content, design, language, serial, action, backHref, uiLanguage, report }: ReportViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const texts = detailsFor(product, content.productDetails, language);
  const company = product.companyName || texts.productName;
  const value = (name: keyof LandingReportPageState['values']) => report.values[name] ?? '';
  const errorOf = (name: FieldName) => report.errors[name];
  const describedBy = (name: FieldName, hint = false) =>
    [hint ? `report-${name}-hint` : null, errorOf(name) ? `report-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: FieldName) =>
    errorOf(name) ? (
      <span className="error" id={`report-${name}-error`}>
        <FormattedMessage id={`landing.report.error.${name}`} />
      </span>
    ) : null;

  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="report"
      eyebrow={texts.productName}
      heading={<FormattedMessage id="landing.report.title" />}
    >
      {report.state === 'thanks' ? (
        <Notice $fg={fg} role="status" lang={intl.locale} data-testid="landing-report-thanks">
          <h2>
            <FormattedMessage id="landing.report.thanks.title" />
          </h2>
          <p>
            <FormattedMessage id="landing.report.thanks.body" values={{ company }} />
          </p>
        </Notice>
      ) : (
        <>
          <LandingSubtleText $fg={fg} lang={intl.locale}>
            <FormattedMessage id="landing.report.intro" values={{ company }} />
          </LandingSubtleText>
          {report.problem || Object.keys(report.errors).length > 0 ? (
            <Notice $fg={fg} role="alert" lang={intl.locale} data-testid="landing-report-problem">
              <p>
                <FormattedMessage
                  id={report.problem === 'rateLimited' ? 'landing.report.problem.rateLimited' : report.problem === 'unavailable' ? 'landing.report.problem.unavailable' : 'landing.report.problem.fields'}
                />
              </p>
            </Notice>
          ) : null}
          <Form $fg={fg} method="post" action={action} encType="multipart/form-data" lang={intl.locale} data-testid="landing-report-form">
            {serial ? (
              <>
                <input type="hidden" name="serial" value={serial} />
                <LandingSubtleText $fg={fg}>
                  <FormattedMessage id="landing.serial" /> {serial}
                </LandingSubtleText>
              </>
            ) : null}
            <input type="hidden" name="language" value={uiLanguage} />
            <label>
              <FormattedMessage id="landing.report.place" />
              <span className="hint" id="report-purchasePlace-hint">
                <FormattedMessage id="landing.report.placeHint" />
              </span>
              <input
                type="text"
                name="purchasePlace"
                required
                maxLength={200}
                defaultValue={value('purchasePlace')}
                aria-invalid={errorOf('purchasePlace') ? true : undefined}
                aria-describedby={describedBy('purchasePlace', true)}
              />
              {fieldError('purchasePlace')}
            </label>
            <label>
              <FormattedMessage id="landing.report.date" />
              <input
                type="date"
                name="purchaseDate"
                max={latestPurchaseDay()}
                defaultValue={value('purchaseDate')}
                aria-invalid={errorOf('purchaseDate') ? true : undefined}
                aria-describedby={describedBy('purchaseDate')}
              />
              {fieldError('purchaseDate')}
            </label>
            <label>
              <FormattedMessage id="landing.report.seller" />
              <input
                type="text"
                name="seller"
                maxLength={200}
                defaultValue={value('seller')}
                aria-invalid={errorOf('seller') ? true : undefined}
                aria-describedby={describedBy('seller')}
              />
              {fieldError('seller')}
            </label>
            <label>
              <FormattedMessage id="landing.report.photo" />
              <span className="hint" id="report-photo-hint">
                <FormattedMessage id="landing.report.photoHint" values={{ megabytes: REPORT_PHOTO_MAX_BYTES / 1024 / 1024 }} />
              </span>
              <input
                type="file"
                name="photo"
                accept={REPORT_PHOTO_TYPES.join(',')}
                aria-invalid={errorOf('photo') ? true : undefined}
                aria-describedby={describedBy('photo', true)}
              />
              {fieldError('photo')}
            </label>
            <label>
              <FormattedMessage id="landing.report.email" />
              <span className="hint" id="report-email-hint">
                <FormattedMessage id="landing.report.emailHint" />
              </span>
              <input
                type="email"
                name="email"
                maxLength={254}
                autoComplete="email"
                defaultValue={value('email')}
                aria-invalid={errorOf('email') ? true : undefined}
                aria-describedby={describedBy('email', true)}
              />
              {fieldError('email')}
            </label>
            <label className="consent">
              <input type="checkbox" name="emailConsent" defaultChecked={value('emailConsent') !== ''} />
              <span>
                <FormattedMessage id="landing.report.consent" values={{ company }} />
              </span>
            </label>
            <Trap aria-hidden="true">
              <label>
                Website
                <input type="text" name={REPORT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </Trap>
            <Privacy $fg={fg} data-testid="landing-report-privacy">
              <FormattedMessage id="landing.report.privacy" values={{ company }} />
            </Privacy>
            <button type="submit">
              <FormattedMessage id="landing.report.submit" />
            </button>
          </Form>
        </>
      )}
    </LandingFrame>
  );
}
