import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { LandingPageData, LandingView as LandingViewName } from '@product-console/shared';
import en from '@/locales/en.json';
import { digitalLinkWithSerial } from '@/landing/lib/landing';
import { DppView } from './dpp-view';
import { HomepageView } from './homepage-view';
import { BatchFacts, RecallNotice } from './recall-notice';
import { ProductLanding } from './product-landing';
import { SmartLabelView } from './smart-label-view';
import { TraceabilityView } from './traceability-view';
import { UnpublishedView } from './unpublished-view';
import { VerificationView } from './verification-view';

/*
 * The consumer landing (issue 15): one component per view of `/{serviceName}/product-details/{id}/preview[/{view}]`,
 * rendered on the server by the gateway (renderToString) and in the browser by the draft tab and the editor's
 * phone frame. It reads no window or document while rendering and imports nothing of the console's shell.
 * The caller provides an IntlProvider in the UI language with the messages under MESSAGE_PREFIXES.
 */

/** The message ids the views use: a landing bundle needs only these keys of a locale file. */
export const LANDING_MESSAGE_PREFIXES = ['landing.', 'preview.', 'products.field.', 'recall.notice.', 'batches.landing.'] as const;

/** The CBV words only the traceability view draws (steps, dispositions, error reasons, measurements): its page alone carries them. */
export const TRACE_MESSAGE_PREFIXES = ['cbv.bizStep.', 'cbv.disposition.', 'cbv.errorReason.', 'cbv.measurement.'] as const;

/** The regulated words of the food, wine and textile labels (issue 29): only the views that show a label carry them. */
export const LABEL_MESSAGE_PREFIXES = ['label.'] as const;

/** The words one view adds to the landing's own. */
const VIEW_MESSAGE_PREFIXES: Partial<Record<LandingViewName, readonly string[]>> = {
  traceability: TRACE_MESSAGE_PREFIXES,
  smartLabel: LABEL_MESSAGE_PREFIXES,
  dpp: LABEL_MESSAGE_PREFIXES,
};

/** A locale's messages cut down to what the landing draws; the traceability view's page adds the CBV words, the label views the label's. */
export function landingMessages(messages: Record<string, string>, view?: LandingViewName): Record<string, string> {
  const extra = view ? VIEW_MESSAGE_PREFIXES[view] : undefined;
  const prefixes: readonly string[] = extra ? [...LANDING_MESSAGE_PREFIXES, ...extra] : LANDING_MESSAGE_PREFIXES;
  return Object.fromEntries(Object.entries(messages).filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix))));
}

export interface LandingViewProps {
  data: LandingPageData;
  /** DEFAULT or a registered language code; with auto-translation, the language texts were asked in. */
  language: string;
  /** The IntlProvider's locale (the page's own words); English when the design translates automatically. */
  uiLanguage: string;
  /** The scanned `/21/{serial}` value (decoded), kept across views. */
  serial: string | null;
  /** The product's Digital Link; the footer shows it with `/21/{serial}` when a serial was scanned. */
  digitalLink: string;
  /** Language chips as anchors (server-rendered page, no JavaScript needed). */
  languageHref?: (code: string) => string;
  /** Language chips as buttons (the editor's frame, the draft tab). */
  onLanguageChange?: (code: string) => void;
  /** The address of a view of this product, keeping lang and serial. */
  viewHref: (view: LandingViewName) => string;
  draft?: boolean;
  frame?: boolean;
}

export function LandingView(props: LandingViewProps) {
  const { data, language, serial, viewHref, draft, frame } = props;
  const common = { product: data.product, design: data.design, language, backHref: viewHref('index'), draft, frame };
  let view: ReactNode;
  switch (data.view) {
    case 'index':
      // ProductLanding takes English words for automatic translation itself (the editor uses it alone).
      return (
        <ProductLanding
          product={data.product}
          links={data.links}
          content={data.content}
          design={data.design}
          language={language}
          languageHref={props.languageHref}
          onLanguageChange={props.onLanguageChange}
          viewHref={viewHref}
          serial={serial}
          notice={data.recall ? <RecallNotice recall={data.recall} /> : null}
          facts={data.batch ? <BatchFacts batch={data.batch} fg={data.design.page.textColor} /> : null}
          digitalLink={digitalLinkWithSerial(props.digitalLink, serial)}
          draft={draft}
          frame={frame}
        />
      );
    case 'homepage':
      view = <HomepageView {...common} />;
      break;
    case 'verification':
      view = (
        <VerificationView
          {...common}
          content={data.content}
          verification={data.verification}
          serial={serial}
          notice={data.recall ? <RecallNotice recall={data.recall} /> : null}
          facts={data.batch ? <BatchFacts batch={data.batch} fg={data.design.page.textColor} /> : null}
        />
      );
      break;
    case 'smartLabel':
      view = <SmartLabelView {...common} content={data.content} smartLabel={data.smartLabel} batch={data.batch} />;
      break;
    case 'dpp':
      view = data.passport ? (
        <DppView {...common} passport={data.passport} digitalLink={props.digitalLink} label={data.smartLabel?.label ?? null} batch={data.batch} />
      ) : (
        <UnpublishedView {...common} view="dpp" />
      );
      break;
    case 'traceability':
      // A product that is not traced (trace null) keeps the 'nothing published yet' notice.
      view = data.trace ? <TraceabilityView {...common} trace={data.trace} /> : <UnpublishedView {...common} view="traceability" />;
      break;
  }
  // Spec point 4: with automatic translation the page's own words are English.
  if (data.design.isAutoTrans && props.uiLanguage !== 'en') {
    return (
      <IntlProvider locale="en" defaultLocale="en" messages={en}>
        {view}
      </IntlProvider>
    );
  }
  return view;
}
