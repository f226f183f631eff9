import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/page-header';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { PlacesSection } from '@/features/trace/components/places-section';

/** /{serviceName}/epcis/locations: the company's places, which journeys show by name and on a map. */
export function LocationsRoute() {
  const { serviceName = '' } = useParams();
  return (
    <PageStack data-testid="locations">
      <PageHeader
        title={<FormattedMessage id="places.pageTitle" />}
        description={<FormattedMessage id="places.subtitle" />}
        actions={
          <ButtonLink to={`/${encodeURIComponent(serviceName)}/epcis`} $variant="outline">
            <FormattedMessage id="nav.traceability" />
          </ButtonLink>
        }
      />
      <PlacesSection />
    </PageStack>
  );
}
