import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogClose, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSerialHistory } from '@/features/serials/api/get-qualifiers';
import { SerialStatusBadge } from '@/features/serials/components/serial-status-badge';

const Steps = styled.ol`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Step = styled.li`
  display: grid;
  gap: 4px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 14px;
`;

const Change = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const Meta = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface HistoryTarget {
  entryId: number;
  qualifierId: number;
  serial: string;
}

/** A serial's status changes, newest first: from and to, why, who and when. */
export function SerialHistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const intl = useIntl();
  const history = useSerialHistory(target ? { entryId: target.entryId, qualifierId: target.qualifierId } : null);
  if (!target) return null;
  return (
    <DialogRoot open onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={520} data-testid="serial-history">
          <DialogTitle>
            <FormattedMessage id="serials.history.title" values={{ serial: target.serial }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="serials.history.description" />
          </DialogDescription>
          {history.error ? <LoadError message={apiErrorMessage(intl, history.error)} onRetry={() => void history.mutate()} testId="serial-history-error" /> : null}
          {!history.data && !history.error ? <Spinner size={20} /> : null}
          {history.data && history.data.result.length === 0 ? (
            <p data-testid="serial-history-empty">
              <FormattedMessage id="serials.history.empty" />
            </p>
          ) : null}
          {history.data && history.data.result.length > 0 ? (
            <Steps>
              {history.data.result.map((step) => (
                <Step key={step.id} data-testid="serial-history-step">
                  <Change>
                    <SerialStatusBadge status={step.fromStatus} />
                    <span aria-hidden="true">→</span>
                    <SerialStatusBadge status={step.toStatus} />
                  </Change>
                  <span>{step.reason ?? <FormattedMessage id="serials.history.noReason" />}</span>
                  <Meta>
                    <FormattedDate value={step.changedAt} dateStyle="medium" timeStyle="short" />
                    {step.changedBy ? (
                      <>
                        {' · '}
                        <FormattedMessage id="serials.history.by" values={{ name: step.changedBy }} />
                      </>
                    ) : null}
                  </Meta>
                </Step>
              ))}
            </Steps>
          ) : null}
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="outline">
                <FormattedMessage id="common.close" />
              </Button>
            </DialogClose>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
