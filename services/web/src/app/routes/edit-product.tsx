import { Navigate, useParams } from 'react-router-dom';
import { PageStack } from '@/components/ui/page-stack';
import { ContentEditor } from '@/features/content/components/content-editor';
import { CONTENT_STEPS, isContentStep } from '@/features/content/content-steps';
import { LinksOverview } from '@/features/links/components/links-overview';
import { EditProduct } from '@/features/products/components/edit-product';
import { isWizardStep } from '@/features/products/components/wizard/wizard-steps';

/**
 * /{serviceName}/product-details/{productId}/edit/{step}: the product's edit wizard (its own
 * steps, then the page's content, languages and design beside a phone frame), with its active
 * links shown read-only under it (they are managed on the product's page).
 */
export function EditProductRoute() {
  const { serviceName = '', productId: productParam = '', step } = useParams();
  const productId = Number(productParam);
  if (!isWizardStep(step) && !isContentStep(step)) return <Navigate to={`/${encodeURIComponent(serviceName)}/product-details/${productId}/edit/basic`} replace />;
  return (
    <PageStack>
      <EditProduct
        serviceName={serviceName}
        productId={productId}
        step={step}
        extraSteps={CONTENT_STEPS}
        extra={productId ? <ContentEditor productId={productId} serviceName={serviceName} step={isContentStep(step) ? step : null} /> : null}
      />
      {productId ? <LinksOverview productId={productId} serviceName={serviceName} /> : null}
    </PageStack>
  );
}
