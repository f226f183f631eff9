import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { activeLanguage, landingViewPath, previewMessageSchema, type LandingPageData, type LandingView as LandingViewName, type PreviewDraftMessage } from '@product-console/shared';
import { LandingView } from '@/landing/components/landing-view';
import type { LandingPageState } from './page-state';

/*
 * The draft entry (decision 042): loaded only by a landing tab whose editor, in the same browser,
 * answered its `hello` with a draft. It draws the page with React from the draft (the unsaved
 * contents, design, languages and texts over the published product and links) with the
 * 'Unpublished preview' marker; the enhancement script reloads the page on `clear`.
 */

type Draft = PreviewDraftMessage['draft'];

function withDraft(data: LandingPageData, draft: Draft): LandingPageData {
  return {
    ...data,
    design: draft.design,
    content: { contents: draft.contents, languages: draft.languages, productDetails: draft.productDetails, translatedTo: null },
  };
}

function DraftPage({ page, draft, initialLanguage }: { page: LandingPageState & { data: NonNullable<LandingPageState['data']> }; draft: Draft; initialLanguage: string }) {
  const [language, setLanguage] = useState(initialLanguage);
  const data = withDraft(page.data, draft);
  const shown = draft.design.isAutoTrans ? language : activeLanguage(language, draft.languages);
  const viewHref = (view: LandingViewName) => `${page.basePath}${landingViewPath(view)}${page.serial ? `?serial=${encodeURIComponent(page.serial)}` : ''}`;
  return (
    <LandingView
      data={data}
      language={shown}
      uiLanguage={page.uiLanguage}
      serial={page.serial}
      digitalLink={page.digitalLink}
      onLanguageChange={setLanguage}
      viewHref={viewHref}
      draft
    />
  );
}

/** Replaces the server's page in `container` with the drafts it is given; answers the function that shows the next one. */
export function mountDraft(container: HTMLElement | null, page: LandingPageState): (message: unknown) => void {
  // A page without its data (a shopper's) never loads this entry; nothing to draw a draft from.
  if (!page.data || !page.messages) return () => undefined;
  const editable = page as LandingPageState & Required<Pick<LandingPageState, 'data' | 'messages'>>;
  const target = container ?? document.body.appendChild(document.createElement('div'));
  let root: ReturnType<typeof createRoot> | null = null;
  return (message) => {
    const parsed = previewMessageSchema.safeParse(message);
    if (!parsed.success || parsed.data.type !== 'draft' || parsed.data.productId !== page.productId) return;
    if (!root) {
      // The server's markup is dropped: the draft is drawn afresh (styled-components adds its own rules).
      target.replaceChildren();
      root = createRoot(target);
    }
    root.render(
      <StrictMode>
        <IntlProvider locale={editable.uiLanguage} defaultLocale="en" messages={editable.messages}>
          <DraftPage page={editable} draft={parsed.data.draft} initialLanguage={editable.language} />
        </IntlProvider>
      </StrictMode>,
    );
  };
}
