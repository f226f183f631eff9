import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SERIAL_STATUS_REASON_MAX, type SerialStatusValue } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Label } from '@/components/ui/field';
import { FieldError, Hint, TextArea } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import type { MessageId } from '@/lib/i18n';

/** What the dialog asks to confirm: a new status for these serials (`label` names one serial). */
export interface StatusChangeRequest {
  status: SerialStatusValue;
  qualifierIds: number[];
  label?: string;
}

const TITLES: Record<SerialStatusValue, MessageId> = {
  active: 'serials.statusDialog.title.active',
  deactivated: 'serials.statusDialog.title.deactivated',
  blacklisted: 'serials.statusDialog.title.blacklisted',
};
const DESCRIPTIONS: Record<SerialStatusValue, MessageId> = {
  active: 'serials.statusDialog.description.active',
  deactivated: 'serials.statusDialog.description.deactivated',
  blacklisted: 'serials.statusDialog.description.blacklisted',
};
export const STATUS_ACTIONS: Record<SerialStatusValue, MessageId> = {
  active: 'serials.action.reactivate',
  deactivated: 'serials.action.deactivate',
  blacklisted: 'serials.action.blacklist',
};

interface SerialStatusDialogProps {
  request: StatusChangeRequest | null;
  /** Runs the change; a rejection's message is shown in the dialog, which stays open. */
  onConfirm: (request: StatusChangeRequest, reason: string) => Promise<void>;
  onClose: () => void;
  errorOf: (cause: unknown) => string;
}

/**
 * Confirms a status change before it is made, with its reason: required to deactivate or
 * blacklist (the API refuses it otherwise), optional to reactivate.
 */
export function SerialStatusDialog({ request, onConfirm, onClose, errorOf }: SerialStatusDialogProps) {
  const intl = useIntl();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    setReason('');
    setReasonError(null);
    setFailure(null);
  }, [request]);

  if (!request) return null;
  const required = request.status !== 'active';
  const count = request.qualifierIds.length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    if (required && reason.trim() === '') {
      setReasonError(intl.formatMessage({ id: 'serials.statusDialog.reasonRequired' }));
      return;
    }
    setReasonError(null);
    setFailure(null);
    setRunning(true);
    try {
      await onConfirm(request, reason);
      onClose();
    } catch (cause) {
      setFailure(errorOf(cause));
    } finally {
      setRunning(false);
    }
  }

  return (
    <DialogRoot open onOpenChange={(open) => !open && !running && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent role="alertdialog" aria-busy={running} data-testid="serial-status-dialog">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <DialogTitle>
              <FormattedMessage id={TITLES[request.status]} values={{ count, serial: request.label ?? '' }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id={DESCRIPTIONS[request.status]} />
            </DialogDescription>
            <Field style={{ marginTop: 16 }}>
              <Label htmlFor={reasonId}>
                <FormattedMessage id={required ? 'serials.statusDialog.reason' : 'serials.statusDialog.reasonOptional'} />
              </Label>
              <TextArea
                id={reasonId}
                rows={3}
                value={reason}
                maxLength={SERIAL_STATUS_REASON_MAX}
                required={required}
                aria-invalid={Boolean(reasonError)}
                aria-describedby={`${reasonId}-hint`}
                onChange={(event) => setReason(event.target.value)}
                data-testid="serial-status-reason"
              />
              {reasonError ? (
                <FieldError id={`${reasonId}-hint`} role="alert">
                  {reasonError}
                </FieldError>
              ) : (
                <Hint id={`${reasonId}-hint`}>
                  <FormattedMessage id="serials.statusDialog.reasonHint" values={{ max: SERIAL_STATUS_REASON_MAX }} />
                </Hint>
              )}
            </Field>
            {failure ? (
              <FormAlert role="alert" style={{ marginTop: 12 }} data-testid="serial-status-failure">
                {failure}
              </FormAlert>
            ) : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={onClose} disabled={running}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" $variant={request.status === 'active' ? 'primary' : 'danger'} disabled={running} data-testid="serial-status-confirm">
                {running ? <Spinner size={16} /> : null}
                <FormattedMessage id={STATUS_ACTIONS[request.status]} />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
