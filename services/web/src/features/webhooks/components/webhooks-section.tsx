import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { WEBHOOK_EVENT_TYPES, webhookCreateSchema, type Webhook, type WebhookCreate, type WebhookDeliveryStatus, type WebhookWithSecret } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyableUri } from '@/components/copyable-uri';
import { AlertIcon, BellIcon, PlusIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, Fieldset, Hint, Legend } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import type { MessageId } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import {
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  useDeliveries,
  useWebhooks,
} from '@/features/webhooks/api/webhooks';

const Intro = styled.div`
  padding: 16px 22px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 14px; }
`;

const Events = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const EventChoices = styled.div`
  display: grid;
  gap: 4px 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  justify-content: flex-end;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
`;

const Url = styled(Mono)`
  word-break: break-all;
`;

const Warning = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 12px 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  svg { flex: none; color: ${({ theme }) => theme.colors.warning}; margin-top: 2px; }
`;

const FormStack = styled.form`
  display: grid;
  gap: 12px;
`;

const createFields = { url: true, description: true, eventTypes: true } as const;
const emptyWebhook: WebhookCreate = { url: '', description: '', eventTypes: [] };

/** The tone of a delivery's status badge. */
export const STATUS_TONE: Record<WebhookDeliveryStatus, 'success' | 'danger' | 'neutral'> = { delivered: 'success', dead: 'danger', pending: 'neutral' };

/** The events' names in words, the console's test event among them. */
const EVENT_LABELS: Record<string, MessageId> = {
  'product.created': 'webhooks.event.product.created',
  'product.updated': 'webhooks.event.product.updated',
  'product.deleted': 'webhooks.event.product.deleted',
  'serial.statusChanged': 'webhooks.event.serial.statusChanged',
  'passport.published': 'webhooks.event.passport.published',
  'batch.recalled': 'webhooks.event.batch.recalled',
  'serial.suspicious': 'webhooks.event.serial.suspicious',
  'report.received': 'webhooks.event.report.received',
  'webhook.test': 'webhooks.event.webhook.test',
};

/** An event type in words (its type as sent when the console knows no name for it). */
export function EventName({ type }: { type: string }) {
  const id = EVENT_LABELS[type];
  return id ? <FormattedMessage id={id} /> : <>{type}</>;
}

function CreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: WebhookWithSecret) => Promise<unknown> }) {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<WebhookCreate>({ resolver: formResolver(webhookCreateSchema), defaultValues: emptyWebhook });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const created = await createWebhook(values);
      form.reset(emptyWebhook);
      await onCreated(created);
    } catch (cause) {
      if (!showApiFieldErrors(cause, createFields, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  return (
    <DialogRoot open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={640} data-testid="webhook-dialog">
          <DialogTitle>
            <FormattedMessage id="webhooks.newTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="webhooks.newText" />
          </DialogDescription>
          <FormStack noValidate onSubmit={(event) => void onSubmit(event)}>
            <Field>
              <Label htmlFor="webhook-url">
                <FormattedMessage id="webhooks.url" />
              </Label>
              <Input id="webhook-url" type="url" autoComplete="off" placeholder="https://erp.example.com/hooks/products" {...form.register('url')} {...fieldErrorProps('webhook-url', errors.url?.message)} />
              <FieldErrorSlot inputId="webhook-url" error={errors.url?.message} testId="webhook-url-error" />
            </Field>
            <Field>
              <Label htmlFor="webhook-description">
                <FormattedMessage id="webhooks.description" />
              </Label>
              <Input id="webhook-description" autoComplete="off" {...form.register('description')} {...fieldErrorProps('webhook-description', errors.description?.message)} />
              <FieldErrorSlot inputId="webhook-description" error={errors.description?.message} />
            </Field>
            <Fieldset aria-describedby={errors.eventTypes ? 'webhook-events-error' : undefined}>
              <Legend>
                <FormattedMessage id="webhooks.events" />
              </Legend>
              <EventChoices>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <CheckRow key={type}>
                    <input type="checkbox" value={type} {...form.register('eventTypes')} data-testid={`webhook-event-${type}`} />
                    <span>
                      <EventName type={type} /> <Muted>{type}</Muted>
                    </span>
                  </CheckRow>
                ))}
              </EventChoices>
              <FieldErrorSlot inputId="webhook-events" error={errors.eventTypes?.message ?? errors.eventTypes?.root?.message} testId="webhook-events-error" />
            </Fieldset>
            {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
            <DialogActions>
              <Button type="button" $variant="ghost" onClick={onClose}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting} data-testid="webhook-save">
                <FormattedMessage id="webhooks.save" />
              </Button>
            </DialogActions>
          </FormStack>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

/** The secret of a new or rotated webhook, shown this once. */
function SecretDialog({ shown, onClose }: { shown: WebhookWithSecret | null; onClose: () => void }) {
  return (
    <DialogRoot open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={640} data-testid="webhook-secret">
          <DialogTitle>
            <FormattedMessage id="webhooks.secretTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="webhooks.secretText" values={{ url: shown?.url ?? '' }} />
          </DialogDescription>
          <Warning role="note">
            <AlertIcon size={16} />
            <FormattedMessage id="webhooks.shownOnce" />
          </Warning>
          {shown ? <CopyableUri uri={shown.secret} testId="webhook-secret-value" /> : null}
          <DialogActions>
            <Button onClick={onClose} data-testid="webhook-secret-done">
              <FormattedMessage id="webhooks.done" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

/** A webhook's deliveries, newest first, a page at a time. */
function DeliveryLog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhook?.webhookId ?? null, page);
  const dateTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <DialogRoot
      open={webhook !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={880} data-testid="webhook-log">
          <DialogTitle>
            <FormattedMessage id="webhooks.logTitle" />
          </DialogTitle>
          <DialogDescription>
            <Url>{webhook?.url}</Url>
          </DialogDescription>
          <ListBody
            items={deliveries.data?.result.items}
            error={deliveries.error}
            onRetry={() => void deliveries.mutate()}
            testId="webhook-log-list"
            skeleton={{ rows: 3, height: '32px' }}
            emptyIcon={<BellIcon size={28} />}
            empty={
              <p>
                <FormattedMessage id="webhooks.logEmpty" />
              </p>
            }
          >
            {(items) => (
              <TableScroll>
                <Table>
                  <ColumnHeads columns={['webhooks.column.event', 'webhooks.column.status', 'webhooks.column.attempts', 'webhooks.column.response', 'webhooks.column.time']} />
                  <tbody>
                    {items.map((delivery) => (
                      <tr key={delivery.deliveryId} data-testid="webhook-delivery">
                        <Cell>
                          <EventName type={delivery.eventType} />
                          <div>
                            <Muted>{delivery.messageId}</Muted>
                          </div>
                        </Cell>
                        <Cell label="webhooks.column.status">
                          <Badge $tone={STATUS_TONE[delivery.status]} data-testid="webhook-delivery-status">
                            <FormattedMessage id={`webhooks.status.${delivery.status}`} />
                          </Badge>
                        </Cell>
                        <Cell label="webhooks.column.attempts">{delivery.attempts}</Cell>
                        <Cell label="webhooks.column.response">
                          {delivery.responseStatus ?? '—'}
                          {delivery.error && delivery.responseStatus === null ? <Muted> {delivery.error}</Muted> : null}
                        </Cell>
                        <Cell label="webhooks.column.time">{dateTime(delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt)}</Cell>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
            )}
          </ListBody>
          <PagerFooter pageInfo={deliveries.data?.result.page} page={page} onPage={setPage} label="webhooks.logPages" totalTestId="webhook-log-total" busy={deliveries.isValidating} />
          <DialogActions>
            <Button $variant="outline" onClick={() => void deliveries.mutate()} data-testid="webhook-log-refresh">
              <FormattedMessage id="webhooks.refresh" />
            </Button>
            <Button onClick={onClose}>
              <FormattedMessage id="common.close" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

/**
 * The company's product-data webhooks (decision 086): listed without their secrets, created with
 * the events they want (the secret shown once), tried with a test event, disabled and enabled,
 * their secret rotated and the webhook deleted after a confirmation, and each one's delivery log.
 */
export function WebhooksSection({ onChanged }: { onChanged?: () => unknown }) {
  const intl = useIntl();
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const dateTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

  const refresh = async () => {
    await webhooks.mutate();
    await onChanged?.();
  };

  async function act(id: string, work: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await work();
      showSnackbar(done, 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  async function rotate(webhook: Webhook) {
    try {
      setSecret(await rotateWebhookSecret(webhook.webhookId));
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      await refresh();
    }
  }

  async function remove(webhook: Webhook) {
    try {
      await deleteWebhook(webhook.webhookId);
      showSnackbar(intl.formatMessage({ id: 'webhooks.deleted' }, { url: webhook.url }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      await refresh();
    }
  }

  return (
    <Card data-testid="webhooks">
      <CardHeader>
        <div>
          <CardTitle>
            <FormattedMessage id="webhooks.title" />
          </CardTitle>
          <Hint>
            <FormattedMessage id="webhooks.subtitle" />
          </Hint>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="webhook-new">
          <PlusIcon size={16} />
          <FormattedMessage id="webhooks.new" />
        </Button>
      </CardHeader>
      <Intro>
        <p>
          <FormattedMessage id="webhooks.intro" />
        </p>
      </Intro>
      <ListBody
        items={webhooks.data?.result}
        error={webhooks.error}
        onRetry={() => void webhooks.mutate()}
        testId="webhook-list"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<BellIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="webhooks.empty" />
          </p>
        }
      >
        {(items) => (
          <TableScroll>
            <Table>
              <ColumnHeads columns={['webhooks.column.destination', 'webhooks.column.events', 'webhooks.column.created']} actions />
              <tbody>
                {items.map((webhook) => (
                  <tr key={webhook.webhookId} data-testid="webhook">
                    <Cell>
                      <Url>{webhook.url}</Url>
                      <div>
                        {webhook.description ? <Muted>{webhook.description}</Muted> : null}{' '}
                        {webhook.enabled ? null : (
                          <Badge $tone="warning" data-testid="webhook-disabled">
                            <FormattedMessage id="webhooks.disabled" />
                          </Badge>
                        )}{' '}
                        {webhook.deadDeliveries > 0 ? (
                          <Badge $tone="danger" data-testid="webhook-dead">
                            <FormattedMessage id="webhooks.deadCount" values={{ count: webhook.deadDeliveries }} />
                          </Badge>
                        ) : null}
                      </div>
                    </Cell>
                    <Cell label="webhooks.column.events">
                      <Events>
                        {webhook.eventTypes.map((type) => (
                          <li key={type}>
                            <Badge>
                              <EventName type={type} />
                            </Badge>
                          </li>
                        ))}
                      </Events>
                    </Cell>
                    <Cell label="webhooks.column.created">{dateTime(webhook.createdAt)}</Cell>
                    <Cell>
                      <Actions>
                        <Button $variant="outline" $size="sm" onClick={() => setLogOf(webhook)} data-testid="webhook-log-open">
                          <FormattedMessage id="webhooks.log" />
                        </Button>
                        <Button
                          $variant="outline"
                          $size="sm"
                          disabled={busy === webhook.webhookId || !webhook.enabled}
                          onClick={() =>
                            void act(
                              webhook.webhookId,
                              async () => {
                                await sendTestEvent(webhook.webhookId);
                                setLogOf(webhook);
                              },
                              intl.formatMessage({ id: 'webhooks.testSent' }),
                            )
                          }
                          data-testid="webhook-test"
                        >
                          <FormattedMessage id="webhooks.test" />
                        </Button>
                        <Button
                          $variant="ghost"
                          $size="sm"
                          disabled={busy === webhook.webhookId}
                          onClick={() =>
                            void act(
                              webhook.webhookId,
                              () => updateWebhook(webhook.webhookId, { enabled: !webhook.enabled }),
                              intl.formatMessage({ id: webhook.enabled ? 'webhooks.disabledDone' : 'webhooks.enabledDone' }),
                            )
                          }
                          data-testid="webhook-toggle"
                        >
                          <FormattedMessage id={webhook.enabled ? 'webhooks.disable' : 'webhooks.enable'} />
                        </Button>
                        <Button $variant="ghost" $size="sm" onClick={() => setRotating(webhook)} data-testid="webhook-rotate">
                          <FormattedMessage id="webhooks.rotate" />
                        </Button>
                        <Button $variant="ghost" $size="sm" onClick={() => setDeleting(webhook)} data-testid="webhook-delete">
                          <FormattedMessage id="webhooks.delete" />
                        </Button>
                      </Actions>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>

      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (created) => {
          setCreating(false);
          setSecret(created);
          await refresh();
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        payload={rotating}
        onConfirm={rotate}
        onClose={() => setRotating(null)}
        title={<FormattedMessage id="webhooks.rotateTitle" />}
        description={<FormattedMessage id="webhooks.rotateText" values={{ url: rotating?.url ?? '' }} />}
        confirmLabel={<FormattedMessage id="webhooks.rotate" />}
      />
      <ConfirmDialog
        payload={deleting}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        title={<FormattedMessage id="webhooks.deleteTitle" />}
        description={<FormattedMessage id="webhooks.deleteText" values={{ url: deleting?.url ?? '' }} />}
        confirmLabel={<FormattedMessage id="webhooks.delete" />}
      />
    </Card>
  );
}
