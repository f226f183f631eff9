import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { PageHeader } from '@/components/page-header';
import { showSnackbar } from '@/lib/snackbar';
import { productKey, useProduct } from '@/features/products/api/get-product';
import { PRODUCTS_KEY_PREFIX } from '@/features/products/api/get-products';
import { useAvailableGcps, useCertifications, useProductService } from '@/features/products/api/get-reference-data';
import { updateProduct } from '@/features/products/api/product-mutations';
import { isWizardStep, noFiles, productToForm, toFormData } from '@/features/products/components/product-form-model';
import { LinksOverview } from '@/features/products/components/links-section';
import { ProductWizard } from '@/features/products/components/product-wizard';
import { LoadError, WizardLoading } from '@/features/products/components/wizard-loading';

/**
 * /{serviceName}/product-details/{productId}/edit/{step}: loads service, product, certifications
 * and the active links (shown read-only; they are managed on the product's page); sends only new
 * image files, the kept ones as `retainedImages`.
 */
export function EditProductRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { serviceName = '', productId: productParam = '', step } = useParams();
  const productId = Number(productParam);
  const { mutate } = useSWRConfig();
  const product = useProduct(productId || undefined);
  const service = useProductService(productId || undefined);
  const certifications = useCertifications();
  const gcps = useAvailableGcps();
  const detail = product.data?.product;
  const defaults = useMemo(() => (detail ? productToForm(detail) : undefined), [detail]);
  const files = useMemo(() => noFiles(detail?.image ?? []), [detail]);
  const base = `/${encodeURIComponent(serviceName)}/product-details/${productId}`;

  if (!isWizardStep(step)) return <Navigate to={`${base}/edit/basic`} replace />;

  const loadError = product.error ?? service.error ?? certifications.error ?? gcps.error;
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <PageHeader title={<FormattedMessage id="products.editTitle" />} description={detail?.product_name} />
      {loadError ? (
        <LoadError
          error={loadError}
          onRetry={() => {
            void product.mutate();
            void service.mutate();
            void certifications.mutate();
          }}
        />
      ) : !defaults || !service.data || !certifications.data || !gcps.data ? (
        <WizardLoading />
      ) : (
        <ProductWizard
          key={detail?.updatedAt}
          mode="edit"
          step={step}
          onStepChange={(next) => navigate(`${base}/edit/${next}`, { replace: true })}
          defaultValues={defaults}
          initialFiles={files}
          services={service.data.result.services.length > 0 ? service.data.result.services : [service.data.result.service]}
          gcps={gcps.data.result}
          certifications={certifications.data.result}
          onCancel={() => navigate(base)}
          onSubmit={async (values, wizardFiles, onProgress) => {
            await updateProduct(productId, values.service, toFormData(values, wizardFiles, 'edit'), onProgress);
            await mutate((key) => typeof key === 'string' && (key === productKey(productId) || key.startsWith(PRODUCTS_KEY_PREFIX) || key.startsWith('/bff/api/overview') || key.includes(`productId=${productId}`)));
            showSnackbar(intl.formatMessage({ id: 'products.saved' }), 'success');
            navigate(base);
          }}
        />
      )}
      {productId ? <LinksOverview productId={productId} serviceName={serviceName} /> : null}
    </div>
  );
}
