import { useMemo } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { blockLanguages, type LandingContent } from '@product-console/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductLanding } from '@/landing/components/product-landing';
import { useLandingLinks, useLandingProduct } from '@/features/content/api/get-landing-data';
import { toContentBlocks, type EditorDraft } from '@/features/content/model/draft';

interface PhoneFrameProps {
  productId: number;
  draft: EditorDraft;
  hasChanges: boolean;
  language: string;
  onLanguageChange: (code: string) => void;
}

/**
 * A 400 px phone showing the draft with the consumer page's own component, as it changes; the
 * page's language chips switch the language shown without touching the draft.
 */
export function PhoneFrame({ productId, draft, hasChanges, language, onLanguageChange }: PhoneFrameProps) {
  const intl = useIntl();
  const product = useLandingProduct(productId);
  const links = useLandingLinks(productId);
  const content: LandingContent = useMemo(
    () => ({ contents: toContentBlocks(draft.blocks), languages: draft.languages, productDetails: draft.productDetails, translatedTo: null }),
    [draft.blocks, draft.languages, draft.productDetails],
  );
  const shown = blockLanguages(draft.languages).includes(language) ? language : 'DEFAULT';

  return (
    <Aside aria-label={intl.formatMessage({ id: 'content.frame.label' })} data-testid="phone-frame">
      <Phone>
        <Screen data-testid="phone-frame-screen">
          {product.data && links.data ? (
            <ProductLanding
              product={product.data.result}
              links={[...links.data.result].sort((a, b) => a.order - b.order)}
              content={content}
              design={draft.design}
              language={shown}
              onLanguageChange={onLanguageChange}
              draft={hasChanges}
              frame
            />
          ) : product.error || links.error ? (
            <FrameNote role="alert">
              <FormattedMessage id="content.frame.loadError" />
            </FrameNote>
          ) : (
            <FrameLoading>
              <Skeleton $height="240px" />
              <Skeleton $height="24px" />
              <Skeleton $height="64px" />
            </FrameLoading>
          )}
        </Screen>
      </Phone>
    </Aside>
  );
}

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  min-width: 0;
  @media (min-width: 1024px) {
    position: sticky;
    top: ${({ theme }) => theme.layout.headerHeight + 16}px;
  }
`;

/** 400 px of screen inside a 12 px bezel; narrower screens get a narrower phone, never a sideways scroll. */
const Phone = styled.div`
  width: 424px;
  max-width: 100%;
  padding: 12px;
  border-radius: 40px;
  background: #1b1b1f;
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

const Screen = styled.div`
  width: 400px;
  max-width: 100%;
  height: 760px;
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight + 56}px);
  overflow-y: auto;
  overflow-x: hidden;
  border-radius: 28px;
  background: #ffffff;
`;

const FrameLoading = styled.div`
  display: grid;
  gap: 12px;
  padding: 16px;
`;

const FrameNote = styled.p`
  padding: 24px 16px;
  color: #555555;
  font-size: 14px;
`;
