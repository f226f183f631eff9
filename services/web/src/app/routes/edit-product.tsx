import { Navigate, useParams } from 'react-router-dom';
import { PageStack } from '@/components/ui/page-stack';
import { ContentEditor } from '@/features/content/components/content-editor';
import { CONTENT_STEPS, isContentStep } from '@/features/content/content-steps';
import { LinksOverview } from '@/features/links/components/links-overview';
import { EditProduct } from '@/features/products/components/edit-product';
import { isWizardStep } from '@/features/products/components/wizard/wizard-steps';
import { useProductService } from '@/features/products/api/get-reference-data';
import { PassportEditor } from '@/features/passport/components/passport-editor';
import { PASSPORT_STEPS, isPassportStep } from '@/features/passport/passport-steps';

/**
 * /{serviceName}/product-details/{productId}/edit/{step}: the product's edit wizard (its own
 * steps, then the page's content, languages and design beside a phone frame), with its active
 * links shown read-only under it (they are managed on the product's page).
 */
export function EditProductRoute() {
  const { serviceName = '', productId: productParam = '', step } = useParams();
  const productId = Number(productParam);
  // The passport step is listed for DPP products only (issue 16).
  const service = useProductService(productId || undefined);
  const dpp = service.data?.result.service === 'DPP';
  const passportRefused = isPassportStep(step) && Boolean(service.data) && !dpp;
  if ((!isWizardStep(step) && !isContentStep(step) && !isPassportStep(step)) || passportRefused) return <Navigate to={`/${encodeURIComponent(serviceName)}/product-details/${productId}/edit/basic`} replace />;
  return (
    <PageStack>
      <EditProduct
        serviceName={serviceName}
        productId={productId}
        step={step}
        extraSteps={dpp ? [...CONTENT_STEPS, ...PASSPORT_STEPS] : CONTENT_STEPS}
        extra={
          productId ? (
            <>
              <ContentEditor productId={productId} serviceName={serviceName} step={isContentStep(step) ? step : null} />
              {isPassportStep(step) && dpp ? <PassportEditor productId={productId} serviceName={serviceName} /> : null}
            </>
          ) : null
        }
      />
      {productId ? <LinksOverview productId={productId} serviceName={serviceName} /> : null}
    </PageStack>
  );
}
