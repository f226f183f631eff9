import { useEffect } from 'react';
import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { BoxIcon, ChevronRightIcon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import type { LandingLink, LandingProductInfo } from '@product-console/shared';
import { previewLinkTitle, publicFileUrl, usePreviewLinks, usePreviewProduct } from '@/features/preview/api/get-preview';

/** Spec "Consumer preview": a phone-sized page, centred on larger screens. */
const Page = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  background: ${({ theme }) => theme.colors.background};
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

const CareImage = styled.img`
  max-width: 100%;
`;

const Column = styled.main`
  max-width: 400px;
  margin: 0 auto;
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  img { max-height: 32px; max-width: 160px; object-fit: contain; }
  strong { font-size: 15px; }
  select { height: 32px; font-size: 13px; }
`;

const Gallery = styled.ul`
  display: flex;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  li { flex: 0 0 100%; scroll-snap-align: center; }
  li[hidden] { display: none; }
  img { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; }
`;

const Body = styled.div`
  display: grid;
  gap: 20px;
  padding: 20px 16px 28px;
  h1 { font-size: 22px; line-height: 1.25; }
  h2 { font-size: 14px; text-transform: uppercase; letter-spacing: 0.05em; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: 6px; }
  p { white-space: pre-line; line-height: 1.5; }
`;

const ProductNumber = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const Links = styled.ul`
  display: grid;
  gap: 10px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const LinkButton = styled.a`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 52px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.primarySoft}; outline-offset: 2px; }
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

const Foot = styled.footer`
  margin-top: auto;
  padding: 14px 16px 20px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;

/** /{serviceName}/product-details/{productId}/preview: the page a scan of the product leads to. */
export function ProductPreviewRoute() {
  const { productId = '' } = useParams();
  const product = usePreviewProduct(productId);
  const links = usePreviewLinks(productId);
  const data = product.data;

  useEffect(() => {
    if (data) document.title = data.product_name;
  }, [data]);

  let content;
  if (product.error && !(isApiError(product.error) && (product.error.status === 404 || product.error.status === 400))) {
    content = (
      <PreviewLoadError testId="preview-error" message={<FormattedMessage id="preview.error" />} onRetry={() => void product.mutate()} />
    );
  } else if (product.error) {
    content = (
      <State role="status" data-testid="preview-not-found">
        <BoxIcon size={32} />
        <p>
          <FormattedMessage id="preview.notFound" />
        </p>
      </State>
    );
  } else if (!data) {
    content = (
      <Loading aria-busy="true" data-testid="preview-loading">
        <HeroSkeleton $height="400px" />
        <LoadingText>
          <Skeleton $height="28px" $width="70%" />
          <Skeleton $height="16px" $width="40%" />
          <Skeleton $height="52px" />
          <Skeleton $height="52px" />
        </LoadingText>
      </Loading>
    );
  } else {
    content = <ProductView product={data} links={links.data} />;
  }

  return (
    <Page>
      <Column>
        <Top>
          {data?.primaryLogo ? <img src={publicFileUrl(data.primaryLogo)} alt={data.companyName} /> : <strong>{data?.companyName}</strong>}
          <LanguageSelect />
        </Top>
        {content}
        {data?.digitalLink ? <Foot data-testid="preview-digital-link">{data.digitalLink}</Foot> : null}
      </Column>
    </Page>
  );
}

function ProductView({ product, links }: { product: LandingProductInfo; links: LandingLink[] | undefined }) {
  const intl = useIntl();
  const language = intl.locale.split('-')[0];
  return (
    <article data-testid="product-preview">
      {product.image.length > 0 ? (
        <Gallery aria-label={intl.formatMessage({ id: 'preview.images' })} tabIndex={0}>
          {product.image.map((path, index) => (
            <li key={path}>
              <img
                src={publicFileUrl(path)}
                alt={intl.formatMessage({ id: 'preview.imageAlt' }, { name: product.product_name, index: index + 1, count: product.image.length })}
                loading={index === 0 ? 'eager' : 'lazy'}
                // A shopper sees no broken image: an image that does not load leaves the gallery.
                onError={(event) => {
                  const item = event.currentTarget.closest('li');
                  if (item) item.hidden = true;
                }}
              />
            </li>
          ))}
        </Gallery>
      ) : null}
      <Body>
        <div>
          <h1 data-testid="preview-product-name">{product.product_name}</h1>
          {product.product_number ? <ProductNumber>{product.product_number}</ProductNumber> : null}
        </div>
        {links === undefined ? (
          <Skeleton $height="52px" />
        ) : links.length > 0 ? (
          <nav aria-label={intl.formatMessage({ id: 'preview.links' })}>
            <Links data-testid="preview-links">
              {links.map((link) => (
                <li key={link.linkId}>
                  <LinkButton href={link.targetUrl} rel="noopener">
                    <span>{previewLinkTitle(link, language)}</span>
                    <ChevronRightIcon size={18} />
                  </LinkButton>
                </li>
              ))}
            </Links>
          </nav>
        ) : null}
        {product.description ? (
          <section>
            <h2>
              <FormattedMessage id="products.field.description" />
            </h2>
            <p>{product.description}</p>
          </section>
        ) : null}
        {product.features ? (
          <section>
            <h2>
              <FormattedMessage id="products.field.features" />
            </h2>
            <p>{product.features}</p>
          </section>
        ) : null}
        {product.category_id === 1 && (product.careInfo.text || product.careInfo.image) ? (
          <section data-testid="preview-care-info">
            <h2>
              <FormattedMessage id="products.field.careInfo" />
            </h2>
            {product.careInfo.type === 'image' && product.careInfo.image ? (
              <CareImage src={publicFileUrl(product.careInfo.image)} alt={intl.formatMessage({ id: 'products.field.careInfo' })} />
            ) : (
              <p>{product.careInfo.text}</p>
            )}
          </section>
        ) : null}
      </Body>
    </article>
  );
}
