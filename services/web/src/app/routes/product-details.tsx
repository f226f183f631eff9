import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { PageStack } from '@/components/ui/page-stack';
import { IntendedMarketsCard } from '@/features/markets/components/intended-markets-card';
import { LinksSection } from '@/features/links/components/links-section';
import { useProductWriteAccess } from '@/features/products/api/check-access';
import { useProduct } from '@/features/products/api/get-product';
import { ProductOverview } from '@/features/products/components/product-overview';
import { PageLoadError, WizardLoading } from '@/features/products/components/wizard-loading';
import { NfcTagsCard } from '@/features/nfc/components/nfc-tags-card';
import { QrSection } from '@/features/qr/components/qr-section';
import { serialOf, useProductQualifiers } from '@/features/serials/api/get-qualifiers';
import { SerialsSection } from '@/features/serials/components/serials-section';
import { BatchesSection } from '@/features/batches/components/batches-section';
import { RecallsCard } from '@/features/recalls/components/recalls-card';
import { ProductTraceCard } from '@/features/trace/components/product-trace-card';

/** The links' anchor: "Manage links" on the edit page leads here. */
const LinksAnchor = styled.div`
  display: grid;
`;

/**
 * /{serviceName}/product-details/{productId}: the product (products feature), its intended markets, then its links,
 * its QR code and NFC record, an NFC product's cryptographic tags, and its serials, each from its own feature; a DPP product's
 * traceability (traced or a Start tracing button) for managers. A product without a
 * GS1 entry has no QR code and no serials.
 */
export function ProductDetailsRoute() {
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam);
  const { data, error, mutate: reload } = useProduct(productId || undefined);
  // A sub-admin without write access on the project sees the product but none of its write actions.
  const canWrite = useProductWriteAccess(data?.product.project_id) === true;
  const serials = useProductQualifiers(data?.entry ? productId : undefined);

  if (error) return <PageLoadError error={error} onRetry={() => void reload()} />;
  if (!data) return <WizardLoading />;
  const { product, entry } = data;

  return (
    <PageStack data-testid="product-details">
      <ProductOverview serviceName={serviceName} product={product} entry={entry} canWrite={canWrite} reload={reload} />
      <IntendedMarketsCard product={product} canWrite={canWrite} reload={reload} />
      <ProductTraceCard serviceName={serviceName} product={product} />
      <LinksAnchor id="links">
        <LinksSection productId={product.productId} entry={entry} serviceName={serviceName} canWrite={canWrite} />
      </LinksAnchor>
      {entry ? (
        <>
          <QrSection product={product} entry={entry} serials={serials.data?.result.map(serialOf) ?? []} />
          {product.isNFC === 1 ? <NfcTagsCard productId={product.productId} serials={serials.data?.result.map(serialOf) ?? []} canWrite={canWrite} /> : null}
          {entry.aiString === '01' ? <BatchesSection productId={product.productId} entry={entry} canWrite={canWrite} /> : null}
          <SerialsSection productId={product.productId} entry={entry} canWrite={canWrite} />
          {entry.aiString === '01' ? <RecallsCard productId={product.productId} /> : null}
        </>
      ) : null}
    </PageStack>
  );
}
