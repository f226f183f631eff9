import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BATCH_SITE_MAX, lotProblem, type Batch } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldError, Hint, Row } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import type { BatchForm } from '@/features/batches/api/batches';

const EMPTY: BatchForm = { lot: '', productionDate: '', expiryDate: '', bestBeforeDate: '', quantity: '', site: '' };

const formOf = (batch: Batch | null): BatchForm =>
  batch
    ? {
        lot: batch.lot,
        productionDate: batch.productionDate ?? '',
        expiryDate: batch.expiryDate ?? '',
        bestBeforeDate: batch.bestBeforeDate ?? '',
        quantity: batch.quantity === null ? '' : String(batch.quantity),
        site: batch.site ?? '',
      }
    : EMPTY;

interface BatchDialogProps {
  /** Open to add (`'new'`) or to edit a batch; null: closed. */
  target: Batch | 'new' | null;
  onSave: (form: BatchForm, batch: Batch | null) => Promise<void>;
  onClose: () => void;
  errorOf: (cause: unknown) => string;
}

/** Adds or edits a batch: AI 10 lot number, production, expiry and best-before days, quantity and site. */
export function BatchDialog({ target, onSave, onClose, errorOf }: BatchDialogProps) {
  const intl = useIntl();
  const id = useId();
  const batch = target === 'new' || target === null ? null : target;
  const [form, setForm] = useState<BatchForm>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof BatchForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setForm(formOf(batch));
    setProblems({});
    setFailure(null);
  }, [target, batch]);

  if (target === null) return null;

  const set = (name: keyof BatchForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<keyof BatchForm, string>> = {};
    if (lotProblem(form.lot.trim())) found.lot = intl.formatMessage({ id: 'batches.form.lotInvalid' });
    if (form.productionDate && form.expiryDate && form.expiryDate < form.productionDate) found.expiryDate = intl.formatMessage({ id: 'batches.form.expiryBeforeProduction' });
    if (form.quantity.trim() !== '' && !/^\d{1,10}$/.test(form.quantity.trim())) found.quantity = intl.formatMessage({ id: 'batches.form.quantityInvalid' });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(form, batch);
      onClose();
    } catch (cause) {
      setFailure(errorOf(cause));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof BatchForm, label: 'batches.column.lot' | 'batches.column.production' | 'batches.column.expiry' | 'batches.column.bestBefore' | 'batches.column.quantity' | 'batches.column.site', props: Record<string, unknown> = {}) => (
    <Field>
      <Label htmlFor={`${id}-${name}`}>
        <FormattedMessage id={label} />
      </Label>
      <Input
        id={`${id}-${name}`}
        value={form[name]}
        onChange={set(name)}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
        data-testid={`batch-${name}`}
        {...props}
      />
      {problems[name] ? (
        <FieldError id={`${id}-${name}-error`} role="alert">
          {problems[name]}
        </FieldError>
      ) : null}
    </Field>
  );

  return (
    <DialogRoot open onOpenChange={(open) => (!open && !saving ? onClose() : undefined)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={520} aria-describedby={undefined} data-testid="batch-dialog">
          <DialogTitle>
            <FormattedMessage id={batch ? 'batches.form.editTitle' : 'batches.form.addTitle'} />
          </DialogTitle>
          <form onSubmit={(event) => void submit(event)} noValidate>
            {field('lot', 'batches.column.lot', { maxLength: 20, autoFocus: true })}
            <Hint>
              <FormattedMessage id="batches.form.lotHint" />
            </Hint>
            <Row>
              {field('productionDate', 'batches.column.production', { type: 'date' })}
              {field('expiryDate', 'batches.column.expiry', { type: 'date' })}
            </Row>
            <Row>
              {field('bestBeforeDate', 'batches.column.bestBefore', { type: 'date' })}
              {field('quantity', 'batches.column.quantity', { inputMode: 'numeric' })}
            </Row>
            {field('site', 'batches.column.site', { maxLength: BATCH_SITE_MAX })}
            {failure ? (
              <FormAlert role="alert" data-testid="batch-dialog-error">
                {failure}
              </FormAlert>
            ) : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={onClose} disabled={saving}>
                <FormattedMessage id="batches.form.cancel" />
              </Button>
              <Button type="submit" disabled={saving} data-testid="batch-save">
                {saving ? <Spinner size={14} /> : null}
                <FormattedMessage id="batches.form.save" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
