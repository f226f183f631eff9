import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { TrashIcon } from '@/components/icons';
import { Button, IconButton } from '@/components/ui/button';
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
  /** The name of what is deleted: the title reads 'Delete "{name}"?' and the spec's question follows. */
  subject?: string;
  /** Other words than the delete question (leaving unsaved changes, naming what is deleted). */
  title?: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
}

/**
 * Asks 'Are you sure you want to delete?' (spec point 5), under a title naming what is deleted when
 * the caller gives its `subject` or its own `title`; shows progress while the action runs, then closes.
 * A failed action is only logged (spec point 4): the caller shows its own feedback if it wants.
 */
export function ConfirmDialog<T>({ payload, onConfirm, onClose, subject, title, description, confirmLabel }: ConfirmDialogProps<T>) {
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
            {title ?? (subject ? <FormattedMessage id="confirm.deleteNamed" values={{ name: subject }} /> : <FormattedMessage id="confirm.deleteTitle" />)}
          </DialogTitle>
          <DialogDescription>
            {description ??
              (subject || title ? (
                <>
                  <FormattedMessage id="confirm.deleteTitle" /> <FormattedMessage id="confirm.deleteDescription" />
                </>
              ) : (
                <FormattedMessage id="confirm.deleteDescription" />
              ))}
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

const QuietDelete = styled(IconButton)`
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger}; }
`;

interface DeleteIconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Names the row's item ("Delete Cotton T-shirt"): the button's accessible name and tooltip. */
  label: string;
}

/** The per-row Delete of a list: a quiet trash icon that opens the ConfirmDialog. */
export function DeleteIconButton({ label, ...props }: DeleteIconButtonProps) {
  return (
    <QuietDelete aria-label={label} title={label} {...props}>
      <TrashIcon size={18} />
    </QuietDelete>
  );
}
