import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import {
  DEFAULT_DESIGN,
  DEFAULT_LANGUAGE,
  activeLanguage,
  type Design,
  type LandingContent,
  type PreviewDraftMessage,
} from '@product-console/shared';
import { BoxIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { usePreviewContents, usePreviewDesign, usePreviewLinks, usePreviewProduct } from '@/features/preview/api/get-preview';
import { ProductLanding, detailsFor } from '@/landing/components/product-landing';
import { usePreviewChannel } from '@/features/preview/hooks/use-preview-channel';

/** Spec "Consumer preview": a phone-sized page, centred on larger screens. */
const Page = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  background: ${({ theme }) => theme.colors.background};
`;

const Column = styled.main`
  max-width: 400px;
  margin: 0 auto;
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
`;

const Loading = styled.div`
  display: grid;
  gap: 16px;
`;

/** Stands for the product image, which runs to the column's edges. */
const HeroSkeleton = styled(Skeleton)`
  border-radius: 0;
`;

const LoadingText = styled.div`
  display: grid;
  gap: 12px;
  padding: 0 16px;
`;

const State = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 12px;
  padding: 48px 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PreviewLoadError = styled(LoadError)`
  flex: 1;
  display: grid;
  place-items: center;
  align-content: center;
  padding: 48px 24px;
`;

const NO_CONTENT: LandingContent = { contents: [], languages: [], productDetails: [], translatedTo: null };

/** The browser's preferred languages, primary subtags in order (`ko-KR` -> `ko`). */
function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return tags.filter(Boolean).map((tag) => tag.toLowerCase().split('-')[0] ?? '');
}

/**
 * The language a viewer reads (spec point 4): the one in the URL (a shared link keeps it), else the
 * first browser language the product has registered, else DEFAULT. With automatic translation any
 * language can be asked for: the URL's, else the browser's first.
 */
export function viewerLanguage(urlLang: string | null, languages: readonly string[], autoTranslate: boolean): string {
  const wanted = urlLang?.toLowerCase() ?? null;
  if (autoTranslate) return wanted && /^[a-z]{2}$/.test(wanted) ? wanted : (browserLanguages()[0] ?? DEFAULT_LANGUAGE);
  if (wanted) return activeLanguage(wanted === DEFAULT_LANGUAGE.toLowerCase() ? DEFAULT_LANGUAGE : wanted, languages);
  return browserLanguages().find((code) => languages.includes(code)) ?? DEFAULT_LANGUAGE;
}

/** /{serviceName}/product-details/{productId}/preview: the page a scan of the product leads to. */
export function ProductPreviewRoute() {
  const { productId = '', serviceName = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlLang = searchParams.get('lang');

  const product = usePreviewProduct(productId);
  const design = usePreviewDesign(productId);
  // A design that cannot be read leaves the page in the default design rather than without a page.
  const designReady = design.data !== undefined || design.error !== undefined;
  const publishedDesign: Design = design.data ?? DEFAULT_DESIGN;
  const auto = publishedDesign.isAutoTrans;
  // With auto-translation the texts are asked for in the viewer's language; the language needs no list then.
  const translateTo = designReady && auto ? viewerLanguage(urlLang, [], true) : null;
  const translated = translateTo && translateTo !== DEFAULT_LANGUAGE && translateTo !== publishedDesign.defaultLang ? translateTo : null;
  const links = usePreviewLinks(productId, translated, designReady);
  const contents = usePreviewContents(productId, translated, designReady);

  const [draft, setDraft] = useState<PreviewDraftMessage['draft'] | null>(null);
  const revalidate = useCallback(() => {
    void product.mutate();
    void design.mutate();
    void links.mutate();
    void contents.mutate();
  }, [product, design, links, contents]);
  usePreviewChannel(productId, {
    onDraft: setDraft,
    onClear: () => {
      setDraft(null);
      revalidate();
    },
  });

  const data = product.data;

  const shownDesign = draft?.design ?? publishedDesign;
  const shownContent: LandingContent | undefined = useMemo(
    () =>
      draft
        ? { contents: draft.contents, languages: draft.languages, productDetails: draft.productDetails, translatedTo: null }
        : contents.data ?? (contents.error ? NO_CONTENT : undefined),
    [draft, contents.data, contents.error],
  );
  const shownLinks = links.data ?? (links.error ? [] : undefined);

  const language = shownContent ? viewerLanguage(urlLang, shownContent.languages, shownDesign.isAutoTrans) : DEFAULT_LANGUAGE;
  // The tab is named as the page names the product, in the language shown.
  const title = data ? detailsFor(data, shownContent?.productDetails ?? [], language).productName : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const changeLanguage = (code: string) => {
    const next = new URLSearchParams(searchParams);
    if (code === DEFAULT_LANGUAGE) next.delete('lang');
    else next.set('lang', code);
    // A chosen language is kept in the URL, so that a shared link opens in it; no history entry per chip.
    setSearchParams(next, { replace: true });
  };

  if (product.error && !(isApiError(product.error) && (product.error.status === 404 || product.error.status === 400))) {
    return (
      <Shell>
        <PreviewLoadError testId="preview-error" message={<FormattedMessage id="preview.error" />} onRetry={() => void product.mutate()} />
      </Shell>
    );
  }
  // One company's address never shows another company's product (issue 15): the same 404 as an unknown product.
  if (product.error || (data && data.serviceName !== serviceName)) {
    return (
      <Shell>
        <State role="status" data-testid="preview-not-found">
          <BoxIcon size={32} />
          <p>
            <FormattedMessage id="preview.notFound" />
          </p>
        </State>
      </Shell>
    );
  }
  if (!data || !shownContent || !shownLinks || (!designReady && !draft)) {
    return (
      <Shell>
        <Loading aria-busy="true" data-testid="preview-loading">
          <HeroSkeleton $height="400px" />
          <LoadingText>
            <Skeleton $height="28px" $width="70%" />
            <Skeleton $height="16px" $width="40%" />
            <Skeleton $height="52px" />
            <Skeleton $height="52px" />
          </LoadingText>
        </Loading>
      </Shell>
    );
  }
  return (
    <main>
      <ProductLanding
        product={data}
        links={shownLinks}
        content={shownContent}
        design={shownDesign}
        language={language}
        onLanguageChange={changeLanguage}
        draft={draft !== null}
      />
    </main>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Column>{children}</Column>
    </Page>
  );
}
