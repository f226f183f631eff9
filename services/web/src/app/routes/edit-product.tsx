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
import { LabelEditor } from '@/features/labels/components/label-editor';
import { LABEL_CATEGORIES, LABEL_STEPS, isLabelStep } from '@/features/labels/label-steps';
import { productKey, useProduct } from '@/features/products/api/get-product';

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
  // The label step is listed for smart-label products only (issue 29).
  const product = useProduct(productId || undefined);
  const detail = product.data?.product;
  const labelled = detail ? LABEL_CATEGORIES.includes(detail.category_id) : false;
  const labelRefused = isLabelStep(step) && Boolean(detail) && !labelled;
  if ((!isWizardStep(step) && !isContentStep(step) && !isPassportStep(step) && !isLabelStep(step)) || passportRefused || labelRefused) return <Navigate to={`/${encodeURIComponent(serviceName)}/product-details/${productId}/edit/basic`} replace />;
  return (
    <PageStack>
      <EditProduct
        serviceName={serviceName}
        productId={productId}
        step={step}
        extraSteps={[...CONTENT_STEPS, ...(labelled ? LABEL_STEPS : []), ...(dpp ? PASSPORT_STEPS : [])]}
        extra={
          productId ? (
            <>
              <ContentEditor productId={productId} serviceName={serviceName} step={isContentStep(step) ? step : null} />
              {isPassportStep(step) && dpp ? <PassportEditor productId={productId} serviceName={serviceName} /> : null}
              {isLabelStep(step) && labelled && detail ? <LabelEditor key={productId} productId={productId} label={detail.label} productKey={productKey(productId)} /> : null}
            </>
          ) : null
        }
      />
      {productId ? <LinksOverview productId={productId} serviceName={serviceName} /> : null}
    </PageStack>
  );
}
