import { FormattedMessage } from 'react-intl';
import { useSWRConfig } from 'swr';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import { DEAD_DELIVERIES_KEY, useWebhooks } from '@/features/webhooks/api/webhooks';
import { DeadDeliveries } from '@/features/webhooks/components/dead-deliveries';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';

/** /{serviceName}/webhooks: the company's product-data webhooks and the deliveries that died. */
export function WebhooksRoute() {
  const webhooks = useWebhooks();
  const { mutate } = useSWRConfig();
  const refreshDead = () => mutate((key) => typeof key === 'string' && key.startsWith(DEAD_DELIVERIES_KEY));
  return (
    <PageStack data-testid="webhooks-page">
      <PageHeader title={<FormattedMessage id="nav.webhooks" />} description={<FormattedMessage id="webhooks.pageText" />} />
      <WebhooksSection onChanged={refreshDead} />
      <DeadDeliveries webhooks={webhooks.data?.result ?? []} onChanged={() => webhooks.mutate()} />
    </PageStack>
  );
}
