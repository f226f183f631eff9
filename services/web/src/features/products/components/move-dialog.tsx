import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Label, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';

const Body = styled.div`
  display: grid;
  gap: 12px;
  margin-top: 12px;
`;

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

  useEffect(() => {
    if (productIds) {
      setTarget(targets[0]?.project_id ?? '');
      setFailure(null);
    }
  }, [productIds]);

  async function move() {
    if (!productIds || target === '') return;
    setRunning(true);
    setFailure(null);
    try {
      await onMove(productIds, target);
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(intl, error));
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
          <Body>
            {failure ? <FormAlert role="alert">{failure}</FormAlert> : null}
            <Field>
              <Label htmlFor="move-target">
                <FormattedMessage id="products.targetProject" />
              </Label>
              <Select id="move-target" data-testid="move-target" value={target} onChange={(event) => setTarget(Number(event.target.value))}>
                {targets.map((project) => (
                  <option key={project.project_id} value={project.project_id}>
                    {project.project_name}
                  </option>
                ))}
              </Select>
            </Field>
          </Body>
          <DialogActions>
            <Button $variant="outline" onClick={onClose} disabled={running}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button onClick={() => void move()} disabled={running || target === ''} data-testid="move-confirm">
              {running ? <Spinner size={16} /> : null}
              <FormattedMessage id="products.move" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
