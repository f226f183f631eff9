import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { PageHeader } from '@/components/page-header';
import { showSnackbar } from '@/lib/snackbar';
import { productKey, useProduct } from '@/features/products/api/get-product';
import { PRODUCTS_KEY_PREFIX } from '@/features/products/api/get-products';
import { useAvailableGcps, useCertifications, useProductService } from '@/features/products/api/get-reference-data';
import { updateProduct } from '@/features/products/api/product-mutations';
import { noFiles, productToForm, toFormData } from '@/features/products/components/product-form-model';
import type { WizardStep } from '@/features/products/components/wizard/wizard-steps';
import { ProductWizard, type ExtraWizardStep } from '@/features/products/components/product-wizard';
import { PageLoadError, WizardLoading } from '@/features/products/components/wizard-loading';

interface EditProductProps<Extra extends string> {
  serviceName: string;
  productId: number;
  step: WizardStep | Extra;
  /** Steps after the product's own (the page's content, languages, design), shown by `extra`. */
  extraSteps?: readonly ExtraWizardStep<Extra>[];
  extra?: ReactNode;
}

/**
 * The edit wizard of a product at one step (the step is in the address): loads service, product
 * and certifications; sends only new image files, the kept ones as `retainedImages`. The steps
 * of `extraSteps` are listed with the product's own and show `extra`.
 */
export function EditProduct<Extra extends string = never>({ serviceName, productId, step, extraSteps, extra }: EditProductProps<Extra>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const product = useProduct(productId || undefined);
  const service = useProductService(productId || undefined);
  const certifications = useCertifications();
  const gcps = useAvailableGcps();
  const detail = product.data?.product;
  const defaults = useMemo(() => (detail ? productToForm(detail) : undefined), [detail]);
  const files = useMemo(() => noFiles(detail?.image ?? []), [detail]);
  const base = `/${encodeURIComponent(serviceName)}/product-details/${productId}`;

  const loadError = product.error ?? service.error ?? certifications.error ?? gcps.error;
  return (
    <>
      <PageHeader title={<FormattedMessage id="products.editTitle" />} description={detail?.product_name} />
      {loadError ? (
        <PageLoadError
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
        <ProductWizard<Extra>
          key={detail?.updatedAt}
          mode="edit"
          step={step}
          extraSteps={extraSteps}
          extra={extra}
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
    </>
  );
}
