import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import { useCurrentUser } from '@/lib/current-user';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { isProductLimitReached, usePlanInfo } from '@/lib/plan';
import { PROJECTS_KEY, useProjects } from '@/lib/projects';
import { showSnackbar } from '@/lib/snackbar';
import { canWriteProducts } from '@/features/products/api/check-access';
import { PRODUCTS_KEY_PREFIX } from '@/features/products/api/get-products';
import { useAvailableGcps, useCertifications } from '@/features/products/api/get-reference-data';
import { createProduct } from '@/features/products/api/product-mutations';
import { emptyProductForm, noFiles, toFormData } from '@/features/products/components/product-form-model';
import type { WizardStep } from '@/features/products/components/wizard/wizard-steps';
import { ProductWizard } from '@/features/products/components/product-wizard';
import { PageLoadError, WizardLoading } from '@/features/products/components/wizard-loading';

/**
 * /{serviceName}/project/{projectId}/add-product: guarded by the product plan limit and, for a
 * sub-admin, product write access; project id `none` lets the user choose the project.
 */
export function AddProductRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { serviceName = '', projectId: projectParam = 'none' } = useParams();
  const fixedProjectId = projectParam === 'none' ? undefined : Number(projectParam);
  const user = useCurrentUser();
  const [allowed, setAllowed] = useState(false);
  const [step, setStep] = useState<WizardStep>('basic');
  const { mutate } = useSWRConfig();
  const sendOnce = useIdempotentSubmit();
  const projects = useProjects();
  const plan = usePlanInfo();
  const gcps = useAvailableGcps();
  const certifications = useCertifications();

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    void (async () => {
      if (await isProductLimitReached()) {
        if (!cancelled) navigate('/maintenance/plan-limit?type=usage', { replace: true });
        return;
      }
      if (!(await canWriteProducts(user, fixedProjectId ?? null))) {
        if (!cancelled) navigate('/maintenance/permission-denied', { replace: true });
        return;
      }
      if (!cancelled) setAllowed(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [user, fixedProjectId, navigate]);

  const services = plan.data?.result.services ?? ['DL'];
  const defaults = useMemo(() => emptyProductForm(fixedProjectId, 'DL'), [fixedProjectId]);
  const loadError = projects.error ?? gcps.error ?? certifications.error;
  const ready = allowed && projects.data && gcps.data && certifications.data && (plan.data || plan.error);

  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="products.addTitle" />} description={<FormattedMessage id="products.addSubtitle" />} />
      {loadError ? (
        <PageLoadError
          error={loadError}
          onRetry={() => {
            void projects.mutate();
            void gcps.mutate();
            void certifications.mutate();
          }}
        />
      ) : !ready ? (
        <WizardLoading />
      ) : (
        <ProductWizard
          mode="create"
          step={step}
          onStepChange={setStep}
          defaultValues={defaults}
          initialFiles={noFiles()}
          services={services}
          projects={fixedProjectId === undefined ? projects.data?.result : undefined}
          gcps={gcps.data?.result ?? []}
          certifications={certifications.data?.result ?? []}
          onCancel={() => navigate(-1)}
          onSubmit={async (values, files, onProgress) => {
            const created = await sendOnce({ values, files }, (idempotencyKey) =>
              createProduct(values.service, toFormData(values, files, 'create'), onProgress, idempotencyKey),
            );
            await Promise.all([
              mutate((key) => typeof key === 'string' && (key.startsWith(PRODUCTS_KEY_PREFIX) || key.startsWith('/bff/api/overview') || key.startsWith('/bff/api/service/plan'))),
              mutate(PROJECTS_KEY),
            ]);
            showSnackbar(intl.formatMessage({ id: 'products.created' }), 'success');
            navigate(`/${encodeURIComponent(serviceName)}/product-details/${created.productId}`);
          }}
        />
      )}
    </PageStack>
  );
}
