import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Webhook } from '@product-console/shared';
import { CheckIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Hint } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { resendDelivery, useDeadDeliveries } from '@/features/webhooks/api/webhooks';
import { EventName } from '@/features/webhooks/components/webhooks-section';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
`;

const Url = styled(Mono)`
  word-break: break-all;
`;

/**
 * Deliveries whose retries are spent (dead), newest first, a page at a time: each names its
 * webhook, event, attempts and last answer, and can be sent again (same id and body).
 */
export function DeadDeliveries({ webhooks, onChanged }: { webhooks: Webhook[]; onChanged?: () => unknown }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const dead = useDeadDeliveries(page);
  const [busy, setBusy] = useState<string | null>(null);
  const urlOf = new Map(webhooks.map((webhook) => [webhook.webhookId, webhook.url]));
  const dateTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

  async function resend(deliveryId: string) {
    setBusy(deliveryId);
    try {
      await resendDelivery(deliveryId);
      showSnackbar(intl.formatMessage({ id: 'webhooks.dead.resent' }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setBusy(null);
      await dead.mutate();
      await onChanged?.();
    }
  }

  return (
    <Card data-testid="webhook-dead-letters">
      <CardHeader>
        <div>
          <CardTitle>
            <FormattedMessage id="webhooks.dead.title" />
          </CardTitle>
          <Hint>
            <FormattedMessage id="webhooks.dead.subtitle" />
          </Hint>
        </div>
      </CardHeader>
      <ListBody
        items={dead.data?.result.items}
        error={dead.error}
        onRetry={() => void dead.mutate()}
        testId="webhook-dead-list"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<CheckIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="webhooks.dead.empty" />
          </p>
        }
      >
        {(items) => (
          <TableScroll>
            <Table>
              <ColumnHeads columns={['webhooks.column.event', 'webhooks.column.destination', 'webhooks.column.attempts', 'webhooks.column.response', 'webhooks.column.time']} actions />
              <tbody>
                {items.map((delivery) => (
                  <tr key={delivery.deliveryId} data-testid="webhook-dead-delivery">
                    <Cell>
                      <EventName type={delivery.eventType} />
                      <div>
                        <Muted>{delivery.messageId}</Muted>
                      </div>
                    </Cell>
                    <Cell label="webhooks.column.destination">
                      <Url>{urlOf.get(delivery.webhookId) ?? '—'}</Url>
                    </Cell>
                    <Cell label="webhooks.column.attempts">{delivery.attempts}</Cell>
                    <Cell label="webhooks.column.response">
                      {delivery.responseStatus ?? '—'}
                      {delivery.error ? <Muted> {delivery.error}</Muted> : null}
                    </Cell>
                    <Cell label="webhooks.column.time">{dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</Cell>
                    <Cell>
                      <Button $variant="outline" $size="sm" disabled={busy === delivery.deliveryId} onClick={() => void resend(delivery.deliveryId)} data-testid="webhook-resend">
                        <FormattedMessage id="webhooks.dead.resend" />
                      </Button>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={dead.data?.result.page} page={page} onPage={setPage} label="webhooks.dead.pages" totalTestId="webhook-dead-total" busy={dead.isValidating} />
    </Card>
  );
}
