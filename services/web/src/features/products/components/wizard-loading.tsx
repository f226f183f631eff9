import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useIntl } from 'react-intl';
import { StateBlock } from '@/features/products/components/list-state';

export function WizardLoading() {
  return (
    <Card style={{ padding: 24, display: 'grid', gap: 16 }} aria-busy="true" data-testid="wizard-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} $height="44px" />
      ))}
    </Card>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Card>
      <StateBlock testId="load-error" icon={<AlertIcon size={28} />}>
        <p>{apiErrorMessage(intl, error)}</p>
        <Button $variant="outline" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </StateBlock>
    </Card>
  );
}
