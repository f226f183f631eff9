import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/page-header';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { useProjects } from '@/lib/projects';
import { ApiKeysSection } from '@/features/trace/components/api-keys-section';
import { TracedProductList } from '@/features/trace/components/traced-product-list';

/** /{serviceName}/epcis: the traced products, the way to the company's locations, and the API keys that let other systems capture events. */
export function TraceabilityRoute() {
  const { serviceName = '' } = useParams();
  const projects = useProjects();
  return (
    <PageStack data-testid="traceability">
      <PageHeader
        title={<FormattedMessage id="nav.traceability" />}
        description={<FormattedMessage id="trace.list.subtitle" />}
        actions={
          <ButtonLink to={`/${encodeURIComponent(serviceName)}/epcis/locations`} $variant="outline" data-testid="trace-locations">
            <FormattedMessage id="places.pageTitle" />
          </ButtonLink>
        }
      />
      <TracedProductList serviceName={serviceName} projects={projects.data?.result ?? []} />
      <ApiKeysSection />
    </PageStack>
  );
}
