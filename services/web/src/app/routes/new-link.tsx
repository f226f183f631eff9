import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { PageStack } from '@/components/ui/page-stack';
import { isLinkLimitReached } from '@/lib/plan';
import { useActiveLinks } from '@/features/links/api/get-links';
import { NewLinkForm } from '@/features/links/components/new-link-form';
import { useProduct } from '@/features/products/api/get-product';
import { PageLoadError, WizardLoading } from '@/features/products/components/wizard-loading';
import { serialOf, useProductQualifiers } from '@/features/serials/api/get-qualifiers';

const Notice = styled(Card)`
  padding: 24px;
`;

/**
 * /{serviceName}/product-details/{productId}/new-link: checks the link limit first (reached or
 * failed: /maintenance/403), then offers the links feature's form with the product's entry and
 * the serials feature's serials.
 */
export function NewLinkRoute() {
  const navigate = useNavigate();
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam) || undefined;
  const [allowed, setAllowed] = useState(false);
  const product = useProduct(productId);
  const qualifiers = useProductQualifiers(allowed ? productId : undefined);
  const links = useActiveLinks(allowed ? productId : undefined);
  const back = `/${encodeURIComponent(serviceName)}/product-details/${productParam}`;

  useEffect(() => {
    if (!productId) return;
    let cancelled = false;
    void isLinkLimitReached(productId).then((reached) => {
      if (cancelled) return;
      if (reached) navigate('/maintenance/403', { replace: true });
      else setAllowed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [productId, navigate]);

  const loadError = product.error ?? qualifiers.error;
  const ready = allowed && product.data && qualifiers.data && (links.data || links.error);
  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="links.newTitle" />} description={product.data?.product.product_name} />
      {loadError ? (
        <PageLoadError
          error={loadError}
          onRetry={() => {
            void product.mutate();
            void qualifiers.mutate();
          }}
        />
      ) : !ready || !product.data || !qualifiers.data ? (
        <WizardLoading />
      ) : !product.data.entry ? (
        <Notice>
          <p>
            <FormattedMessage id="links.noEntry" />
          </p>
        </Notice>
      ) : (
        <NewLinkForm
          productId={product.data.product.productId}
          entry={{ entryId: product.data.entry.entry_id, entryPath: product.data.entry.entryPath }}
          serials={qualifiers.data.result.map((qualifier) => ({ id: qualifier.qualifierId, serial: serialOf(qualifier) }))}
          usedTypes={new Set(links.data?.result.map((link) => link.linkType) ?? [])}
          back={back}
        />
      )}
    </PageStack>
  );
}
