import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RECALL_CONTACT_MAX, RECALL_SCOPES, RECALL_TEXT_MAX } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { CheckRow, Fieldset, Legend, Row, TextArea } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { useRecallableBatches, type RecallForm } from '@/features/recalls/api/recalls';

const EMPTY: RecallForm = { scope: 'batches', batchIds: [], serialFrom: '', serialTo: '', reason: '', action: '', contact: '' };

interface RecallDialogProps {
  productId: number;
  open: boolean;
  onStart: (form: RecallForm) => Promise<void>;
  onClose: () => void;
  errorOf: (cause: unknown) => string;
}

/** Starts a recall: which batches, serials or the whole product, the reason, what to do and a contact. */
export function RecallDialog({ productId, open, onStart, onClose, errorOf }: RecallDialogProps) {
  const intl = useIntl();
  const id = useId();
  const batches = useRecallableBatches(open ? productId : null);
  const [form, setForm] = useState<RecallForm>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setFailure(null);
    }
  }, [open]);
  if (!open) return null;

  const text = (name: 'reason' | 'action' | 'contact' | 'serialFrom' | 'serialTo') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  const toggle = (batchId: number) =>
    setForm((current) => ({ ...current, batchIds: current.batchIds.includes(batchId) ? current.batchIds.filter((other) => other !== batchId) : [...current.batchIds, batchId] }));
  const ready =
    form.reason.trim() !== '' &&
    form.action.trim() !== '' &&
    form.contact.trim() !== '' &&
    (form.scope !== 'batches' || form.batchIds.length > 0) &&
    (form.scope !== 'serials' || (form.serialFrom.trim() !== '' && form.serialTo.trim() !== ''));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRunning(true);
    setFailure(null);
    try {
      await onStart(form);
      onClose();
    } catch (cause) {
      setFailure(errorOf(cause));
    } finally {
      setRunning(false);
    }
  }

  return (
    <DialogRoot open onOpenChange={(next) => (!next && !running ? onClose() : undefined)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={560} data-testid="recall-dialog">
          <DialogTitle>
            <FormattedMessage id="recall.start.title" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="recall.start.description" />
          </DialogDescription>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Fieldset>
              <Legend>
                <FormattedMessage id="recall.scope.label" />
              </Legend>
              {RECALL_SCOPES.map((scope) => (
                <CheckRow key={scope}>
                  <input type="radio" name={`${id}-scope`} value={scope} checked={form.scope === scope} onChange={() => setForm((current) => ({ ...current, scope }))} data-testid={`recall-scope-${scope}`} />
                  <FormattedMessage id={`recall.scope.${scope}`} />
                </CheckRow>
              ))}
            </Fieldset>
            {form.scope === 'batches' ? (
              <Fieldset>
                <Legend>
                  <FormattedMessage id="recall.batches.label" />
                </Legend>
                {batches.data?.result.length === 0 ? (
                  <p>
                    <FormattedMessage id="recall.batches.none" />
                  </p>
                ) : null}
                {batches.data?.result.map((batch) => (
                  <CheckRow key={batch.batchId}>
                    <input type="checkbox" checked={form.batchIds.includes(batch.batchId)} onChange={() => toggle(batch.batchId)} data-testid={`recall-batch-${batch.lot}`} />
                    {batch.lot}
                  </CheckRow>
                ))}
              </Fieldset>
            ) : null}
            {form.scope === 'serials' ? (
              <Row>
                <Field>
                  <Label htmlFor={`${id}-from`}>
                    <FormattedMessage id="recall.serialFrom" />
                  </Label>
                  <Input id={`${id}-from`} value={form.serialFrom} maxLength={20} onChange={text('serialFrom')} />
                </Field>
                <Field>
                  <Label htmlFor={`${id}-to`}>
                    <FormattedMessage id="recall.serialTo" />
                  </Label>
                  <Input id={`${id}-to`} value={form.serialTo} maxLength={20} onChange={text('serialTo')} />
                </Field>
              </Row>
            ) : null}
            <Field>
              <Label htmlFor={`${id}-reason`}>
                <FormattedMessage id="recall.reason" />
              </Label>
              <TextArea id={`${id}-reason`} value={form.reason} maxLength={RECALL_TEXT_MAX} onChange={text('reason')} data-testid="recall-reason" />
            </Field>
            <Field>
              <Label htmlFor={`${id}-action`}>
                <FormattedMessage id="recall.action" />
              </Label>
              <TextArea id={`${id}-action`} value={form.action} maxLength={RECALL_TEXT_MAX} onChange={text('action')} data-testid="recall-action" />
            </Field>
            <Field>
              <Label htmlFor={`${id}-contact`}>
                <FormattedMessage id="recall.contact" />
              </Label>
              <Input id={`${id}-contact`} value={form.contact} maxLength={RECALL_CONTACT_MAX} onChange={text('contact')} data-testid="recall-contact" />
            </Field>
            {failure ? (
              <FormAlert role="alert" data-testid="recall-dialog-error">
                {failure}
              </FormAlert>
            ) : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={onClose} disabled={running}>
                <FormattedMessage id="recall.cancel" />
              </Button>
              <Button type="submit" $variant="danger" disabled={running || !ready} data-testid="recall-confirm">
                {running ? <Spinner size={14} /> : null}
                <FormattedMessage id="recall.start.confirm" />
              </Button>
            </DialogActions>
            <p>{intl.formatMessage({ id: 'recall.start.warning' })}</p>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
