import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CBV_BIZ_STEPS,
  CBV_DISPOSITIONS,
  EPCIS_EVENT_TYPES,
  EPCIS_SCHEDULE_FIELDS,
  epcisQueryBuilderSchema,
  epcisSubscriptionCreateSchema,
  type EpcisQueryBuilder,
  type EpcisQueryItem,
  type EpcisSubscriptionCreate,
  type EpcisSubscriptionItem,
} from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyableUri } from '@/components/copyable-uri';
import { BellIcon, PlusIcon, SearchIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, Fieldset, Hint, Legend } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { showSnackbar } from '@/lib/snackbar';
import { usePublicOrigin } from '@/lib/company-info';
import {
  createEpcisQuery,
  createEpcisSubscription,
  deleteEpcisQuery,
  deleteEpcisSubscription,
  setEpcisSubscriptionPaused,
  testEpcisSubscription,
  useEpcisQueries,
  useEpcisSubscriptions,
} from '@/features/trace/api/epcis-subscriptions';

const Panel = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const PanelHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 16px 22px 8px;
  h3 { margin: 0; font-size: 15px; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
`;

const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

const Filters = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
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

/** Where a system with a key follows a named query live (`{name}` stands for the query's name). */
export const streamAddress = (origin: string) => `${origin.replace(/^http/, 'ws')}/epcis/queries/{name}/events?stream=true`;

const StreamHint = styled.div`
  display: grid;
  gap: 6px;
  padding: 0 22px 12px;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
`;

/** The query parameters a filter chip shows, in the builder's words. */
const FILTER_LABELS = {
  eventType: 'epcisSubs.builder.eventType',
  EQ_bizStep: 'epcisSubs.builder.bizStep',
  EQ_disposition: 'epcisSubs.builder.disposition',
  EQ_bizLocation: 'epcisSubs.builder.place',
  MATCH_epc: 'epcisSubs.builder.epc',
} as const;

const queryFields = { name: true, eventType: true, bizStep: true, disposition: true, place: true, epc: true } as const;
const subscriptionFields = { queryName: true, dest: true, signatureToken: true, delivery: true, schedule: true, reportIfEmpty: true } as const;

const emptyBuilder: EpcisQueryBuilder = { name: '', eventType: '', bizStep: '', disposition: '', place: '', epc: '' };

/** A GLN filter is stored as its Digital Link; the chip shows the GLN. */
const filterValue = (name: string, value: string) => (name === 'EQ_bizLocation' ? value.replace(/^https:\/\/id\.gs1\.org\/414\//, '') : value);

function QueryBuilderDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => Promise<unknown> }) {
  const intl = useIntl();
  const sendOnce = useIdempotentSubmit();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ resolver: formResolver(epcisQueryBuilderSchema), defaultValues: emptyBuilder });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const created = await sendOnce(values, (key) => createEpcisQuery(values, key));
      showSnackbar(intl.formatMessage({ id: 'epcisSubs.query.created' }, { name: created.name }), 'success');
      form.reset(emptyBuilder);
      await onCreated();
      onClose();
    } catch (cause) {
      if (!showApiFieldErrors(cause, queryFields, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  const choice = (id: 'eventType' | 'bizStep' | 'disposition', values: readonly string[]) => (
    <Field>
      <Label htmlFor={`query-${id}`}>
        <FormattedMessage id={`epcisSubs.builder.${id}`} />
      </Label>
      <Select id={`query-${id}`} {...form.register(id)} {...fieldErrorProps(`query-${id}`, errors[id]?.message)}>
        <option value="">{intl.formatMessage({ id: 'epcisSubs.builder.any' })}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Select>
      <FieldErrorSlot inputId={`query-${id}`} error={errors[id]?.message} />
    </Field>
  );

  return (
    <DialogRoot open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={640} data-testid="query-builder">
          <DialogTitle>
            <FormattedMessage id="epcisSubs.query.newTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="epcisSubs.query.newText" />
          </DialogDescription>
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <Grid>
              <Field>
                <Label htmlFor="query-name">
                  <FormattedMessage id="epcisSubs.query.name" />
                </Label>
                <Input id="query-name" autoComplete="off" placeholder="shipments-to-stores" {...form.register('name')} {...fieldErrorProps('query-name', errors.name?.message)} />
                <FieldErrorSlot inputId="query-name" error={errors.name?.message} testId="query-name-error" />
              </Field>
              {choice('eventType', EPCIS_EVENT_TYPES)}
              {choice('bizStep', CBV_BIZ_STEPS)}
              {choice('disposition', CBV_DISPOSITIONS)}
              <Field>
                <Label htmlFor="query-place">
                  <FormattedMessage id="epcisSubs.builder.place" />
                </Label>
                <Input id="query-place" inputMode="numeric" placeholder="9506000134369" {...form.register('place')} {...fieldErrorProps('query-place', errors.place?.message)} />
                <FieldErrorSlot inputId="query-place" error={errors.place?.message} testId="query-place-error" />
              </Field>
              <Field>
                <Label htmlFor="query-epc">
                  <FormattedMessage id="epcisSubs.builder.epc" />
                </Label>
                <Input id="query-epc" placeholder="urn:epc:id:sgtin:9506000.113435.1001" {...form.register('epc')} {...fieldErrorProps('query-epc', errors.epc?.message)} />
                <FieldErrorSlot inputId="query-epc" error={errors.epc?.message} />
              </Field>
            </Grid>
            <Hint>
              <FormattedMessage id="epcisSubs.builder.hint" />
            </Hint>
            {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
            <DialogActions>
              <Button type="button" $variant="ghost" onClick={onClose}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting} data-testid="query-save">
                <FormattedMessage id="epcisSubs.query.save" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

const emptySubscription = (queryName: string): EpcisSubscriptionCreate => ({
  queryName,
  dest: '',
  signatureToken: '',
  delivery: 'stream',
  schedule: { minute: '0', hour: '6', dayOfMonth: '', month: '', dayOfWeek: '' },
  reportIfEmpty: false,
});

function SubscriptionDialog({ queryName, queries, onClose, onCreated }: { queryName: string | null; queries: EpcisQueryItem[]; onClose: () => void; onCreated: () => Promise<unknown> }) {
  const intl = useIntl();
  const sendOnce = useIdempotentSubmit();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ resolver: formResolver(epcisSubscriptionCreateSchema), values: emptySubscription(queryName ?? '') });
  const errors = form.formState.errors;
  const delivery = form.watch('delivery');

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await sendOnce(values, (key) => createEpcisSubscription(values, key));
      showSnackbar(intl.formatMessage({ id: 'epcisSubs.subscription.created' }, { name: values.queryName }), 'success');
      await onCreated();
      onClose();
    } catch (cause) {
      if (!showApiFieldErrors(cause, subscriptionFields, form.setError)) setProblem(apiErrorMessage(intl, cause));
    }
  });

  return (
    <DialogRoot open={queryName !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={640} data-testid="subscription-dialog">
          <DialogTitle>
            <FormattedMessage id="epcisSubs.subscription.newTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="epcisSubs.subscription.newText" />
          </DialogDescription>
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <Grid>
              <Field>
                <Label htmlFor="subscription-query">
                  <FormattedMessage id="epcisSubs.subscription.query" />
                </Label>
                <Select id="subscription-query" {...form.register('queryName')}>
                  {queries.map((query) => (
                    <option key={query.name} value={query.name}>
                      {query.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field>
                <Label htmlFor="subscription-dest">
                  <FormattedMessage id="epcisSubs.subscription.dest" />
                </Label>
                <Input id="subscription-dest" type="url" placeholder="https://erp.example.com/epcis" {...form.register('dest')} {...fieldErrorProps('subscription-dest', errors.dest?.message)} />
                <FieldErrorSlot inputId="subscription-dest" error={errors.dest?.message} testId="subscription-dest-error" />
              </Field>
              <Field>
                <Label htmlFor="subscription-token">
                  <FormattedMessage id="epcisSubs.subscription.token" />
                </Label>
                <Input id="subscription-token" type="password" autoComplete="new-password" {...form.register('signatureToken')} {...fieldErrorProps('subscription-token', errors.signatureToken?.message)} />
                <FieldErrorSlot inputId="subscription-token" error={errors.signatureToken?.message} />
              </Field>
            </Grid>
            <Hint>
              <FormattedMessage id="epcisSubs.subscription.tokenHint" />
            </Hint>
            <Fieldset>
              <Legend>
                <FormattedMessage id="epcisSubs.subscription.delivery" />
              </Legend>
              <CheckRow>
                <input type="radio" value="stream" {...form.register('delivery')} data-testid="subscription-stream" />
                <FormattedMessage id="epcisSubs.subscription.stream" />
              </CheckRow>
              <CheckRow>
                <input type="radio" value="schedule" {...form.register('delivery')} data-testid="subscription-schedule" />
                <FormattedMessage id="epcisSubs.subscription.schedule" />
              </CheckRow>
            </Fieldset>
            {delivery === 'schedule' ? (
              <Fieldset data-testid="subscription-schedule-fields">
                <Legend>
                  <FormattedMessage id="epcisSubs.schedule.title" />
                </Legend>
                <Grid>
                  {EPCIS_SCHEDULE_FIELDS.map((field) => {
                    const error = errors.schedule?.[field]?.message;
                    return (
                      <Field key={field}>
                        <Label htmlFor={`schedule-${field}`}>
                          <FormattedMessage id={`epcisSubs.schedule.${field}`} />
                        </Label>
                        <Input id={`schedule-${field}`} placeholder="*" {...form.register(`schedule.${field}`)} {...fieldErrorProps(`schedule-${field}`, error)} />
                        <FieldErrorSlot inputId={`schedule-${field}`} error={error} testId={`schedule-${field}-error`} />
                      </Field>
                    );
                  })}
                </Grid>
                <Hint>
                  <FormattedMessage id="epcisSubs.schedule.hint" />
                </Hint>
                <CheckRow>
                  <input type="checkbox" {...form.register('reportIfEmpty')} />
                  <FormattedMessage id="epcisSubs.schedule.reportIfEmpty" />
                </CheckRow>
              </Fieldset>
            ) : null}
            {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
            <DialogActions>
              <Button type="button" $variant="ghost" onClick={onClose}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting} data-testid="subscription-save">
                <FormattedMessage id="epcisSubs.subscription.save" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

/** How a subscription delivers: "Each new event" or its schedule in words. */
function DeliveryText({ item }: { item: EpcisSubscriptionItem }) {
  if (item.stream) return <FormattedMessage id="epcisSubs.subscription.stream" />;
  const schedule = item.schedule ?? {};
  const parts = EPCIS_SCHEDULE_FIELDS.filter((field) => schedule[field] !== undefined).map((field) => `${field} ${schedule[field]}`);
  return (
    <>
      <FormattedMessage id="epcisSubs.subscription.schedule" /> <Muted>({parts.join(', ')} UTC)</Muted>
    </>
  );
}

function TestOutcome({ test }: { test: EpcisSubscriptionItem['test'] }) {
  if (!test) return null;
  const tone = test.status === 'delivered' ? 'success' : test.status === 'failed' ? 'danger' : 'neutral';
  return (
    <span data-testid="subscription-test">
      <Badge $tone={tone}>
        <FormattedMessage id={`epcisSubs.test.${test.status}`} />
      </Badge>
      {test.error ? <Muted> {test.error}</Muted> : null}
    </span>
  );
}

/**
 * Named EPCIS queries and their webhook subscriptions (decision 082), under the API keys: queries
 * made with a builder, subscriptions that stream each new event or run on a schedule, their last
 * delivery, failures and next attempt, paused and resumed, deleted after a confirmation, and tried
 * with a test event whose outcome the list shows once the job queue has delivered it.
 */
export function EpcisSubscriptions() {
  const intl = useIntl();
  const origin = usePublicOrigin();
  const [queryPage, setQueryPage] = useState(1);
  const [subscriptionPage, setSubscriptionPage] = useState(1);
  const queries = useEpcisQueries(queryPage);
  // The subscription dialog offers every query (a company keeps few; the page size is the API's largest).
  const allQueries = useEpcisQueries(1, 100);
  const subscriptions = useEpcisSubscriptions(subscriptionPage);
  const [building, setBuilding] = useState(false);
  const [subscribingTo, setSubscribingTo] = useState<string | null>(null);
  const [deletingQuery, setDeletingQuery] = useState<EpcisQueryItem | null>(null);
  const [deletingSubscription, setDeletingSubscription] = useState<EpcisSubscriptionItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const dateTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () => Promise.all([queries.mutate(), allQueries.mutate(), subscriptions.mutate()]);
  const queryList = allQueries.data?.result.items ?? [];

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

  return (
    <>
      <Panel aria-labelledby="epcis-queries-title" data-testid="epcis-queries">
        <PanelHead>
          <div>
            <h3 id="epcis-queries-title">
              <FormattedMessage id="epcisSubs.query.title" />
            </h3>
            <p>
              <FormattedMessage id="epcisSubs.query.intro" />
            </p>
          </div>
          <Button $size="sm" onClick={() => setBuilding(true)} data-testid="query-new">
            <PlusIcon size={16} />
            <FormattedMessage id="epcisSubs.query.new" />
          </Button>
        </PanelHead>
        <StreamHint>
          <p>
            <FormattedMessage id="epcisSubs.query.streamHint" values={{ name: '{name}' }} />
          </p>
          <CopyableUri uri={streamAddress(origin)} testId="query-stream-address" />
        </StreamHint>
        <ListBody
          items={queries.data?.result.items}
          error={queries.error}
          onRetry={() => void queries.mutate()}
          testId="query-list"
          skeleton={{ rows: 2, height: '36px' }}
          emptyIcon={<SearchIcon size={28} />}
          empty={
            <p>
              <FormattedMessage id="epcisSubs.query.empty" />
            </p>
          }
        >
          {(items) => (
            <TableScroll>
              <Table>
                <ColumnHeads columns={['epcisSubs.column.query', 'epcisSubs.column.filters', 'epcisSubs.column.subscriptions']} actions />
                <tbody>
                  {items.map((query) => (
                    <tr key={query.name} data-testid="epcis-query">
                      <Cell>
                        <Mono>{query.name}</Mono>
                      </Cell>
                      <Cell label="epcisSubs.column.filters">
                        {Object.keys(query.query).length === 0 ? (
                          <Muted>
                            <FormattedMessage id="epcisSubs.query.everything" />
                          </Muted>
                        ) : (
                          <Filters>
                            {Object.entries(query.query).map(([name, value]) => (
                              <li key={name}>
                                <Badge>
                                  {name in FILTER_LABELS ? intl.formatMessage({ id: FILTER_LABELS[name as keyof typeof FILTER_LABELS] }) : name}: {filterValue(name, value)}
                                </Badge>
                              </li>
                            ))}
                          </Filters>
                        )}
                      </Cell>
                      <Cell label="epcisSubs.column.subscriptions">{query.subscriptions}</Cell>
                      <Cell>
                        <Actions>
                          <Button $variant="outline" $size="sm" onClick={() => setSubscribingTo(query.name)} data-testid="query-subscribe">
                            <BellIcon size={14} />
                            <FormattedMessage id="epcisSubs.query.subscribe" />
                          </Button>
                          <Button $variant="ghost" $size="sm" onClick={() => setDeletingQuery(query)} data-testid="query-delete">
                            <FormattedMessage id="epcisSubs.delete" />
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
        <PagerFooter pageInfo={queries.data?.result.page} page={queryPage} onPage={setQueryPage} label="epcisSubs.query.pages" totalTestId="query-total" busy={queries.isValidating} />
      </Panel>

      <Panel aria-labelledby="epcis-subscriptions-title" data-testid="epcis-subscriptions">
        <PanelHead>
          <div>
            <h3 id="epcis-subscriptions-title">
              <FormattedMessage id="epcisSubs.subscription.title" />
            </h3>
            <p>
              <FormattedMessage id="epcisSubs.subscription.intro" />
            </p>
          </div>
          <Button $size="sm" disabled={queryList.length === 0} onClick={() => setSubscribingTo(queryList[0]?.name ?? null)} data-testid="subscription-new">
            <PlusIcon size={16} />
            <FormattedMessage id="epcisSubs.subscription.new" />
          </Button>
        </PanelHead>
        <ListBody
          items={subscriptions.data?.result.items}
          error={subscriptions.error}
          onRetry={() => void subscriptions.mutate()}
          testId="subscription-list"
          skeleton={{ rows: 2, height: '36px' }}
          emptyIcon={<BellIcon size={28} />}
          empty={
            <p>
              <FormattedMessage id="epcisSubs.subscription.empty" />
            </p>
          }
        >
          {(items) => (
            <TableScroll>
              <Table>
                <ColumnHeads
                  columns={['epcisSubs.column.destination', 'epcisSubs.column.delivery', 'epcisSubs.column.lastDelivery', 'epcisSubs.column.failures', 'epcisSubs.column.nextAttempt']}
                  actions
                />
                <tbody>
                  {items.map((item) => (
                    <tr key={item.subscriptionId} data-testid="epcis-subscription">
                      <Cell>
                        <Mono>{item.dest}</Mono>
                        <div>
                          <Muted>{item.queryName}</Muted> {item.signed ? <Badge $tone="primary"><FormattedMessage id="epcisSubs.subscription.signed" /></Badge> : null}{' '}
                          {item.paused ? (
                            <Badge $tone="warning" data-testid="subscription-paused">
                              <FormattedMessage id="epcisSubs.subscription.paused" />
                            </Badge>
                          ) : null}
                        </div>
                        <TestOutcome test={item.test} />
                      </Cell>
                      <Cell label="epcisSubs.column.delivery">
                        <DeliveryText item={item} />
                      </Cell>
                      <Cell label="epcisSubs.column.lastDelivery">{item.lastDeliveredAt ? dateTime(item.lastDeliveredAt) : <FormattedMessage id="epcisSubs.never" />}</Cell>
                      <Cell label="epcisSubs.column.failures">
                        {item.attempts > 0 ? (
                          <span data-testid="subscription-failures">
                            <Badge $tone="danger">{item.attempts}</Badge> <Muted>{item.lastError}</Muted>
                          </span>
                        ) : (
                          0
                        )}
                      </Cell>
                      <Cell label="epcisSubs.column.nextAttempt">{item.nextAttemptAt ? dateTime(item.nextAttemptAt) : '—'}</Cell>
                      <Cell>
                        <Actions>
                          <Button
                            $variant="outline"
                            $size="sm"
                            disabled={busy === item.subscriptionId || item.test?.status === 'pending'}
                            onClick={() => void act(item.subscriptionId, () => testEpcisSubscription(item.subscriptionId), intl.formatMessage({ id: 'epcisSubs.test.sent' }))}
                            data-testid="subscription-test-send"
                          >
                            <FormattedMessage id="epcisSubs.test.send" />
                          </Button>
                          <Button
                            $variant="outline"
                            $size="sm"
                            disabled={busy === item.subscriptionId}
                            onClick={() =>
                              void act(
                                item.subscriptionId,
                                () => setEpcisSubscriptionPaused(item.subscriptionId, !item.paused),
                                intl.formatMessage({ id: item.paused ? 'epcisSubs.subscription.resumed' : 'epcisSubs.subscription.pausedDone' }),
                              )
                            }
                            data-testid="subscription-pause"
                          >
                            <FormattedMessage id={item.paused ? 'epcisSubs.subscription.resume' : 'epcisSubs.subscription.pause'} />
                          </Button>
                          <Button $variant="ghost" $size="sm" onClick={() => setDeletingSubscription(item)} data-testid="subscription-delete">
                            <FormattedMessage id="epcisSubs.delete" />
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
        <PagerFooter
          pageInfo={subscriptions.data?.result.page}
          page={subscriptionPage}
          onPage={setSubscriptionPage}
          label="epcisSubs.subscription.pages"
          totalTestId="subscription-total"
          busy={subscriptions.isValidating}
        />
      </Panel>

      <QueryBuilderDialog open={building} onClose={() => setBuilding(false)} onCreated={refresh} />
      <SubscriptionDialog queryName={subscribingTo} queries={queryList} onClose={() => setSubscribingTo(null)} onCreated={refresh} />
      <ConfirmDialog
        payload={deletingQuery}
        onConfirm={(query) => act(query.name, () => deleteEpcisQuery(query.name), intl.formatMessage({ id: 'epcisSubs.query.deleted' }, { name: query.name }))}
        onClose={() => setDeletingQuery(null)}
        title={<FormattedMessage id="epcisSubs.query.deleteTitle" values={{ name: deletingQuery?.name ?? '' }} />}
        description={<FormattedMessage id="epcisSubs.query.deleteText" values={{ count: deletingQuery?.subscriptions ?? 0 }} />}
        confirmLabel={<FormattedMessage id="epcisSubs.delete" />}
      />
      <ConfirmDialog
        payload={deletingSubscription}
        onConfirm={(item) => act(item.subscriptionId, () => deleteEpcisSubscription(item.subscriptionId), intl.formatMessage({ id: 'epcisSubs.subscription.deleted' }))}
        onClose={() => setDeletingSubscription(null)}
        title={<FormattedMessage id="epcisSubs.subscription.deleteTitle" values={{ dest: deletingSubscription?.dest ?? '' }} />}
        description={<FormattedMessage id="epcisSubs.subscription.deleteText" />}
        confirmLabel={<FormattedMessage id="epcisSubs.delete" />}
      />
    </>
  );
}
