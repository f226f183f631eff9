import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';

const Placeholder = styled(Card)`
  padding: 24px;
  display: grid;
  gap: 16px;
`;

/** A product page (wizard, details, new link) while its data loads. */
export function WizardLoading() {
  return (
    <Placeholder aria-busy="true" data-testid="wizard-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} $height="44px" />
      ))}
    </Placeholder>
  );
}

/** A product page whose data failed to load, with a retry. */
export function PageLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Card>
      <LoadError testId="load-error" message={apiErrorMessage(intl, error)} onRetry={onRetry} />
    </Card>
  );
}
