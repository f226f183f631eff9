import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import { useProjects } from '@/lib/projects';
import { ApiKeysSection } from '@/features/trace/components/api-keys-section';
import { TracedProductList } from '@/features/trace/components/traced-product-list';

/** /{serviceName}/epcis: the traced products, and the API keys that let other systems capture events. */
export function TraceabilityRoute() {
  const { serviceName = '' } = useParams();
  const projects = useProjects();
  return (
    <PageStack data-testid="traceability">
      <PageHeader title={<FormattedMessage id="nav.traceability" />} description={<FormattedMessage id="trace.list.subtitle" />} />
      <TracedProductList serviceName={serviceName} projects={projects.data?.result ?? []} />
      <ApiKeysSection />
    </PageStack>
  );
}
