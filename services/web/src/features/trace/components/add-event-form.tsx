import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Controller, useFieldArray, useForm, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import {
  CBV_BIZ_STEPS,
  CBV_BIZ_TRANSACTION_TYPES,
  CBV_DISPOSITIONS,
  CBV_SOURCE_DEST_TYPES,
  EPCIS_ACTIONS,
  validateEpcisEvent,
  type FieldErrorDetail,
  type TraceEvent,
} from '@product-console/shared';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Button, IconButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorId, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, Fieldset, FormSelect, Hint, Legend } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import { encodeFieldError, fieldErrorMessage, fieldErrorText } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { showSnackbar } from '@/lib/snackbar';
import { TRACE_KEY_PREFIX } from '@/features/trace/api/get-traced-products';
import { addTraceEvent } from '@/features/trace/api/trace-mutations';
import { usePlaces } from '@/features/trace/api/get-places';
import { SerialPicker } from '@/features/trace/components/serial-picker';
import { TIME_ZONE_OFFSETS, browserOffset, localInputValue } from '@/features/trace/model/event-time';
import {
  FORM_EVENT_TYPES,
  buildEpcisEvent,
  defaultEventValues,
  eventFormSchema,
  fieldOfEventPath,
  type EventFormValues,
} from '@/features/trace/model/event-form';
import { cbvWord, useTraceWords } from '@/features/trace/model/trace-words';

const Form = styled.form`
  display: grid;
  gap: 20px;
`;

const Section = styled(Card)`
  padding: 18px 20px;
  display: grid;
  gap: 12px;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: 4px 16px;
`;

const RowLine = styled.div`
  display: grid;
  grid-template-columns: minmax(140px, 200px) minmax(0, 1fr) auto;
  gap: 8px;
  align-items: start;
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr) auto;
    > :first-child { grid-column: 1 / -1; }
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
`;

const Problems = styled.ul`
  margin: 0;
  padding-inline-start: 18px;
`;

type RowList = 'bizTransactions' | 'sources' | 'destinations';

interface AddEventFormProps {
  productId: number;
  gtin: string;
  /** The product's registered serials, to choose from. */
  serials: readonly string[];
  onAdded: (event: TraceEvent) => void;
  onCancel: () => void;
  /** The form's "now", for tests. */
  now?: Date;
}

/**
 * The add-event form: an object, aggregation, transaction or transformation event about the
 * product, with CBV drop-downs, its time and zone, places, the product's GTIN and serials, and
 * typed business transactions, sources and destinations. It builds the EPCIS 2.0 event, checks
 * it with the same rules as capture, sends it, and shows the API's field errors under the fields.
 */
export function AddEventForm({ productId, gtin, serials, onAdded, onCancel, now }: AddEventFormProps) {
  const intl = useIntl();
  const words = useTraceWords();
  const { mutate } = useSWRConfig();
  const [problems, setProblems] = useState<string[]>([]);
  const defaults = useMemo(() => {
    const at = now ?? new Date();
    const offset = browserOffset(at);
    return defaultEventValues(localInputValue(at, offset), offset);
  }, [now]);
  const form = useForm<EventFormValues>({ resolver: formResolver(eventFormSchema), defaultValues: defaults });
  const { register, control, watch, formState, setError } = form;
  const errors = formState.errors;
  const eventType = watch('eventType');
  const action = watch('action');
  const withQuantity = watch('withQuantity');
  const outputWithQuantity = watch('outputWithQuantity');

  const sorted = (values: readonly string[], vocabulary: 'bizStep' | 'disposition') =>
    [...values].sort((a, b) => cbvWord(intl, vocabulary, a).localeCompare(cbvWord(intl, vocabulary, b), intl.locale));
  const bizSteps = useMemo(() => sorted(CBV_BIZ_STEPS, 'bizStep'), [intl]);
  const dispositions = useMemo(() => sorted(CBV_DISPOSITIONS, 'disposition'), [intl]);

  /** Puts a problem under the field it names, or in the list above the buttons. */
  function place(path: string | undefined, message: string, unplaced: string[]) {
    const field = fieldOfEventPath(path);
    if (field) setError(field as FieldPath<EventFormValues>, { type: 'epcis', message });
    else unplaced.push(message);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setProblems([]);
    // An untouched time means "now": the moment of sending, to the millisecond, so that the event
    // follows those recorded a moment before (the start of tracing, say) rather than ties with them.
    const eventTime = formState.dirtyFields.eventTime ? values.eventTime : localInputValue(now ?? new Date(), values.timeZoneOffset, true);
    const event = buildEpcisEvent({ ...values, eventTime }, gtin);
    const unplaced: string[] = [];
    const found = validateEpcisEvent(event);
    if (found.length) {
      for (const problem of found) place(problem.pointer, intl.formatMessage({ id: 'trace.form.error.rule' }, { detail: problem.detail }), unplaced);
      setProblems(unplaced);
      return;
    }
    try {
      const stored = await addTraceEvent(productId, event);
      await mutate((key) => typeof key === 'string' && key.startsWith(TRACE_KEY_PREFIX));
      showSnackbar(intl.formatMessage({ id: 'trace.form.added' }), 'success');
      onAdded(stored);
    } catch (cause) {
      const details = isApiError(cause) ? ((cause.details ?? []) as FieldErrorDetail[]) : [];
      if (!details.length) {
        setProblems([apiErrorMessage(intl, cause)]);
        return;
      }
      for (const detail of details) place(detail.path, encodeFieldError(fieldErrorMessage({ ...detail, path: fieldOfEventPath(detail.path) ?? detail.path })), unplaced);
      setProblems(unplaced.map((message) => fieldErrorText(intl, message) ?? message));
    }
  });

  const objectsLabel = intl.formatMessage({
    id: eventType === 'AggregationEvent' ? 'trace.form.children' : eventType === 'TransformationEvent' ? 'trace.form.inputs' : 'trace.form.items',
  });

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="add-event-form">
      <Section>
        <Legend as="h2">
          <FormattedMessage id="trace.form.what" />
        </Legend>
        <Grid>
          <Field>
            <Label htmlFor="event-type">
              <FormattedMessage id="trace.form.eventType" />
            </Label>
            <FormSelect id="event-type" {...register('eventType')} data-testid="event-type">
              {FORM_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {words.eventType(type)}
                </option>
              ))}
            </FormSelect>
            <FieldErrorSlot inputId="event-type" error={errors.eventType?.message} />
          </Field>
          {eventType !== 'TransformationEvent' ? (
            <Field>
              <Label htmlFor="event-action">
                <FormattedMessage id="trace.form.action" />
              </Label>
              <FormSelect id="event-action" {...register('action')} {...fieldErrorProps('event-action', errors.action?.message)} data-testid="event-action">
                {EPCIS_ACTIONS.map((value) => (
                  <option key={value} value={value}>
                    {words.action(value)}
                  </option>
                ))}
              </FormSelect>
              <FieldErrorSlot inputId="event-action" error={errors.action?.message} />
            </Field>
          ) : null}
          <Field>
            <Label htmlFor="event-biz-step">
              <FormattedMessage id="trace.form.bizStep" />
            </Label>
            <FormSelect id="event-biz-step" {...register('bizStep')} {...fieldErrorProps('event-biz-step', errors.bizStep?.message)} data-testid="event-biz-step">
              <option value="">{intl.formatMessage({ id: 'trace.form.none' })}</option>
              {bizSteps.map((value) => (
                <option key={value} value={value}>
                  {words.bizStep(value)}
                </option>
              ))}
            </FormSelect>
            <FieldErrorSlot inputId="event-biz-step" error={errors.bizStep?.message} testId="event-bizStep-error" />
          </Field>
          <Field>
            <Label htmlFor="event-disposition">
              <FormattedMessage id="trace.form.disposition" />
            </Label>
            <FormSelect id="event-disposition" {...register('disposition')} {...fieldErrorProps('event-disposition', errors.disposition?.message)} data-testid="event-disposition">
              <option value="">{intl.formatMessage({ id: 'trace.form.none' })}</option>
              {dispositions.map((value) => (
                <option key={value} value={value}>
                  {words.disposition(value)}
                </option>
              ))}
            </FormSelect>
            <FieldErrorSlot inputId="event-disposition" error={errors.disposition?.message} />
          </Field>
        </Grid>
      </Section>

      <Section>
        <Legend as="h2">
          <FormattedMessage id="trace.form.whenWhere" />
        </Legend>
        <Grid>
          <Field>
            <Label htmlFor="event-time">
              <FormattedMessage id="trace.form.eventTime" />
            </Label>
            <Input id="event-time" type="datetime-local" step={1} {...register('eventTime')} {...fieldErrorProps('event-time', errors.eventTime?.message)} data-testid="event-time" />
            <FieldErrorSlot inputId="event-time" error={errors.eventTime?.message} testId="event-eventTime-error" />
          </Field>
          <Field>
            <Label htmlFor="event-offset">
              <FormattedMessage id="trace.form.offset" />
            </Label>
            <FormSelect id="event-offset" {...register('timeZoneOffset')} {...fieldErrorProps('event-offset', errors.timeZoneOffset?.message)} data-testid="event-offset">
              {TIME_ZONE_OFFSETS.map((offset) => (
                <option key={offset} value={offset}>
                  UTC{offset}
                </option>
              ))}
            </FormSelect>
            <FieldErrorSlot inputId="event-offset" error={errors.timeZoneOffset?.message} />
          </Field>
        </Grid>
        <Grid>
          <Field>
            <Label htmlFor="event-read-point">
              <FormattedMessage id="trace.form.readPoint" />
            </Label>
            <Input id="event-read-point" {...register('readPoint')} {...fieldErrorProps('event-read-point', errors.readPoint?.message)} placeholder="9521234000006" list="event-places" autoComplete="off" data-testid="event-read-point" />
            <FieldErrorSlot inputId="event-read-point" error={errors.readPoint?.message} testId="event-readPoint-error" />
          </Field>
          <Field>
            <Label htmlFor="event-biz-location">
              <FormattedMessage id="trace.form.bizLocation" />
            </Label>
            <Input id="event-biz-location" {...register('bizLocation')} {...fieldErrorProps('event-biz-location', errors.bizLocation?.message)} placeholder="9521234000006" list="event-places" autoComplete="off" data-testid="event-biz-location" />
            <FieldErrorSlot inputId="event-biz-location" error={errors.bizLocation?.message} testId="event-bizLocation-error" />
          </Field>
        </Grid>
        <PlaceOptions />
        <Hint>
          <FormattedMessage id="trace.form.placeHelp" /> <FormattedMessage id="trace.form.placePicker" />
        </Hint>
      </Section>

      <Section>
        <Legend as="h2">
          <FormattedMessage id="trace.form.objects" />
        </Legend>
        {eventType === 'AggregationEvent' || eventType === 'TransactionEvent' ? (
          <Field>
            <Label htmlFor="event-parent">
              <FormattedMessage id={eventType === 'AggregationEvent' ? 'trace.form.parent' : 'trace.form.parentOptional'} />
            </Label>
            <Input id="event-parent" {...register('parentId')} {...fieldErrorProps('event-parent', errors.parentId?.message)} placeholder="106141412345678908" data-testid="event-parent" />
            <Hint>
              <FormattedMessage id={eventType === 'AggregationEvent' && action === 'OBSERVE' ? 'trace.form.parentHintObserve' : 'trace.form.parentHint'} />
            </Hint>
            <FieldErrorSlot inputId="event-parent" error={errors.parentId?.message} testId="event-parentId-error" />
          </Field>
        ) : null}
        <ObjectsGroup
          name="serials"
          label={objectsLabel}
          gtin={gtin}
          serials={serials}
          control={control}
          register={register}
          withQuantity={withQuantity}
          errors={{ serials: errors.serials?.message, quantity: errors.quantity?.message, uom: errors.uom?.message }}
        />
        {eventType === 'TransformationEvent' ? (
          <ObjectsGroup
            name="outputSerials"
            label={intl.formatMessage({ id: 'trace.form.outputs' })}
            gtin={gtin}
            serials={serials}
            control={control}
            register={register}
            withQuantity={outputWithQuantity}
            errors={{ serials: errors.outputSerials?.message, quantity: errors.outputQuantity?.message, uom: errors.outputUom?.message }}
          />
        ) : null}
      </Section>

      <Section>
        <Legend as="h2">
          <FormattedMessage id="trace.form.business" />
        </Legend>
        <TypedRows
          list="bizTransactions"
          form={form}
          types={CBV_BIZ_TRANSACTION_TYPES}
          typeWord={words.bizTransactionType}
          label={intl.formatMessage({ id: 'trace.form.transactions' })}
          valueLabel={intl.formatMessage({ id: 'trace.form.transactionValue' })}
          placeholder="urn:epcglobal:cbv:bt:9521234000006:PO-4711"
          addLabel={intl.formatMessage({ id: 'trace.form.addTransaction' })}
        />
        <TypedRows
          list="sources"
          form={form}
          types={CBV_SOURCE_DEST_TYPES}
          typeWord={words.sourceDestType}
          label={intl.formatMessage({ id: 'trace.form.sources' })}
          valueLabel={intl.formatMessage({ id: 'trace.form.partyValue' })}
          placeholder="9521234000006"
          addLabel={intl.formatMessage({ id: 'trace.form.addSource' })}
        />
        <TypedRows
          list="destinations"
          form={form}
          types={CBV_SOURCE_DEST_TYPES}
          typeWord={words.sourceDestType}
          label={intl.formatMessage({ id: 'trace.form.destinations' })}
          valueLabel={intl.formatMessage({ id: 'trace.form.partyValue' })}
          placeholder="9521234000006"
          addLabel={intl.formatMessage({ id: 'trace.form.addDestination' })}
        />
      </Section>

      {problems.length ? (
        <FormAlert role="alert" data-testid="add-event-problems">
          <Problems>
            {problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </Problems>
        </FormAlert>
      ) : null}
      <Actions>
        <Button $variant="outline" onClick={onCancel}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} data-testid="add-event-submit">
          {formState.isSubmitting ? <Spinner size={16} /> : null}
          <FormattedMessage id="trace.form.submit" />
        </Button>
      </Actions>
    </Form>
  );
}

interface ObjectsGroupProps {
  name: 'serials' | 'outputSerials';
  label: string;
  gtin: string;
  serials: readonly string[];
  control: ReturnType<typeof useForm<EventFormValues>>['control'];
  register: UseFormRegister<EventFormValues>;
  withQuantity: boolean;
  errors: { serials?: string; quantity?: string; uom?: string };
}

/** Serials of the product and, if wanted, a quantity of its GTIN class: the objects of one list. */
function ObjectsGroup({ name, label, gtin, serials, control, register, withQuantity, errors }: ObjectsGroupProps) {
  const output = name === 'outputSerials';
  const quantityName = output ? 'outputQuantity' : 'quantity';
  const uomName = output ? 'outputUom' : 'uom';
  const checkName = output ? 'outputWithQuantity' : 'withQuantity';
  const groupId = `event-${name}`;
  return (
    <Fieldset $gap={8}>
      <Legend>{label}</Legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SerialPicker
            name={groupId}
            label={label}
            serials={serials}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(errors.serials)}
            describedBy={errors.serials ? fieldErrorId(groupId) : undefined}
          />
        )}
      />
      <FieldErrorSlot inputId={groupId} error={errors.serials} testId={`event-${name}-error`} />
      <CheckRow>
        <input type="checkbox" {...register(checkName)} data-testid={`event-${checkName}`} />
        <FormattedMessage id="trace.form.withQuantity" values={{ gtin }} />
      </CheckRow>
      {withQuantity ? (
        <Grid>
          <Field>
            <Label htmlFor={`event-${quantityName}`}>
              <FormattedMessage id="trace.form.quantity" />
            </Label>
            <Input
              id={`event-${quantityName}`}
              type="number"
              min={0}
              step="any"
              {...register(quantityName)}
              {...fieldErrorProps(`event-${quantityName}`, errors.quantity)}
              data-testid={`event-${quantityName}`}
            />
            <FieldErrorSlot inputId={`event-${quantityName}`} error={errors.quantity} testId={`event-${quantityName}-error`} />
          </Field>
          <Field>
            <Label htmlFor={`event-${uomName}`}>
              <FormattedMessage id="trace.form.uom" />
            </Label>
            <Input id={`event-${uomName}`} maxLength={3} placeholder="KGM" {...register(uomName)} {...fieldErrorProps(`event-${uomName}`, errors.uom)} data-testid={`event-${uomName}`} />
            <FieldErrorSlot inputId={`event-${uomName}`} error={errors.uom} />
          </Field>
        </Grid>
      ) : null}
    </Fieldset>
  );
}

interface TypedRowsProps {
  list: RowList;
  form: ReturnType<typeof useForm<EventFormValues>>;
  types: readonly string[];
  typeWord: (value: string) => string;
  label: string;
  valueLabel: string;
  placeholder: string;
  addLabel: string;
}

/** A list of typed values (business transactions, sources, destinations): a type drop-down and a value per row. */
function TypedRows({ list, form, types, typeWord, label, valueLabel, placeholder, addLabel }: TypedRowsProps) {
  const intl = useIntl();
  const rows = useFieldArray({ control: form.control, name: list });
  const listErrors = form.formState.errors[list];
  const listError = listErrors && !Array.isArray(listErrors) ? (listErrors as { message?: string }).message : undefined;
  return (
    <Fieldset $gap={8} data-testid={`event-${list}`}>
      <Legend>{label}</Legend>
      {rows.fields.map((row, index) => {
        const error = Array.isArray(listErrors) ? (listErrors[index] as { value?: { message?: string } } | undefined)?.value?.message : undefined;
        const valueId = `event-${list}-${index}-value`;
        return (
          <RowLine key={row.id}>
            <FormSelect aria-label={intl.formatMessage({ id: 'trace.form.type' })} {...form.register(`${list}.${index}.type`)} data-testid={`event-${list}-${index}-type`}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {typeWord(type)}
                </option>
              ))}
            </FormSelect>
            <div>
              <Input id={valueId} aria-label={valueLabel} placeholder={placeholder} {...form.register(`${list}.${index}.value`)} {...fieldErrorProps(valueId, error)} data-testid={valueId} />
              <FieldErrorSlot inputId={valueId} error={error} testId={`${valueId}-error`} />
            </div>
            <IconButton onClick={() => rows.remove(index)} aria-label={intl.formatMessage({ id: 'trace.form.removeRow' })} title={intl.formatMessage({ id: 'trace.form.removeRow' })}>
              <TrashIcon size={16} />
            </IconButton>
          </RowLine>
        );
      })}
      <FieldErrorSlot inputId={`event-${list}`} error={listError} testId={`event-${list}-error`} />
      <div>
        <Button $size="sm" $variant="outline" onClick={() => rows.append({ type: types[0] ?? '', value: '' })} data-testid={`event-${list}-add`}>
          <PlusIcon size={14} />
          {addLabel}
        </Button>
      </div>
    </Fieldset>
  );
}

/** Places the company keeps, offered by name in both place fields (a GLN, or the SGLN's address when it has an extension). */
function PlaceOptions() {
  const places = usePlaces({ page: 1, size: 100 });
  return (
    <datalist id="event-places" data-testid="event-places">
      {(places.data?.result ?? []).map((place) => (
        <option key={place.placeId} value={place.extension || !place.gln ? place.identifier : place.gln}>
          {[place.name, place.city].filter(Boolean).join(', ')}
        </option>
      ))}
    </datalist>
  );
}
