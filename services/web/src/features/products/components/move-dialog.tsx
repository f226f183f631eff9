import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Label, Select } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, encodeFieldError } from '@/lib/field-errors';

const Body = styled.div`
  display: grid;
  gap: 12px;
  margin-top: 12px;
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TARGET_ID = 'move-target';

interface MoveDialogProps {
  /** The products to move; the dialog is open while set. */
  productIds: number[] | null;
  projects: Project[];
  /** The projects the products are in now (not offered as targets when it is only one). */
  currentProjectId?: number;
  onMove: (productIds: number[], targetProjectId: number) => Promise<unknown>;
  onClose: () => void;
}

/** Moves one or several products to another project. */
export function MoveDialog({ productIds, projects, currentProjectId, onMove, onClose }: MoveDialogProps) {
  const intl = useIntl();
  const targets = projects.filter((project) => project.project_id !== currentProjectId);
  const [target, setTarget] = useState<number | ''>('');
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (productIds) {
      setTarget(targets[0]?.project_id ?? '');
      setFailure(null);
      setTargetError(undefined);
    }
  }, [productIds]);

  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!productIds) return;
    if (target === '') {
      setTargetError(encodeFieldError({ id: 'form.required' }));
      return;
    }
    setRunning(true);
    setFailure(null);
    setTargetError(undefined);
    try {
      await onMove(productIds, target);
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(intl, error));
      setTargetError(apiFieldErrors(error, { targetProjectId: 'target' }).target);
    } finally {
      setRunning(false);
    }
  }

  return (
    <DialogRoot open={productIds !== null} onOpenChange={(open) => !open && !running && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="move-dialog" aria-busy={running}>
          <DialogTitle>
            <FormattedMessage id="products.moveTitle" values={{ count: productIds?.length ?? 0 }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="products.moveDescription" />
          </DialogDescription>
          <form onSubmit={(event) => void move(event)} noValidate>
            <Body>
              {failure ? <FormAlert role="alert">{failure}</FormAlert> : null}
              {targets.length === 0 ? (
                <Empty data-testid="move-no-target">
                  <FormattedMessage id="products.noMoveTarget" />
                </Empty>
              ) : (
                <Field>
                  <Label htmlFor={TARGET_ID}>
                    <FormattedMessage id="products.targetProject" />
                  </Label>
                  <Select
                    id={TARGET_ID}
                    data-testid="move-target"
                    required
                    value={target}
                    onChange={(event) => {
                      setTarget(Number(event.target.value));
                      setTargetError(undefined);
                    }}
                    {...fieldErrorProps(TARGET_ID, targetError)}
                  >
                    {targets.map((project) => (
                      <option key={project.project_id} value={project.project_id}>
                        {project.project_name}
                      </option>
                    ))}
                  </Select>
                  <FieldErrorSlot inputId={TARGET_ID} error={targetError} />
                </Field>
              )}
            </Body>
            <DialogActions>
              <Button $variant="outline" onClick={onClose} disabled={running}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={running || target === ''} aria-busy={running} data-testid="move-confirm">
                {running ? <Spinner size={16} /> : null}
                <FormattedMessage id="products.move" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
