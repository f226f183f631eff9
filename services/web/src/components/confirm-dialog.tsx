import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  DialogRoot,
  DialogTitle,
} from '@/components/ui/dialog';

interface ConfirmDialogProps<T> {
  /** The item the action is about; the dialog is open while it is set. */
  payload: T | null;
  onConfirm: (payload: T) => Promise<unknown>;
  onClose: () => void;
  /** Other words than the delete question (leaving unsaved changes, naming what is deleted). */
  title?: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
}

/**
 * Asks 'Are you sure you want to delete?', shows progress while the action runs, then closes.
 * A failed action is only logged (spec point 4): the caller shows its own feedback if it wants.
 */
export function ConfirmDialog<T>({ payload, onConfirm, onClose, title, description, confirmLabel }: ConfirmDialogProps<T>) {
  const [running, setRunning] = useState(false);

  async function confirm() {
    if (payload === null) return;
    setRunning(true);
    try {
      await onConfirm(payload);
    } catch (error) {
      console.error(error);
    } finally {
      setRunning(false);
      onClose();
    }
  }

  return (
    <DialogRoot open={payload !== null} onOpenChange={(open) => !open && !running && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent role="alertdialog" aria-busy={running} data-testid="confirm-dialog">
          <DialogTitle>
            {title ?? <FormattedMessage id="confirm.deleteTitle" />}
          </DialogTitle>
          <DialogDescription>
            {description ?? <FormattedMessage id="confirm.deleteDescription" />}
          </DialogDescription>
          <DialogActions>
            <Button $variant="outline" onClick={onClose} disabled={running}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button $variant="danger" onClick={() => void confirm()} disabled={running}>
              {running ? <Spinner size={16} /> : null}
              {confirmLabel ?? <FormattedMessage id="confirm.delete" />}
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
