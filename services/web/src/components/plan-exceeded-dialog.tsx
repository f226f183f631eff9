import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import {
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  DialogRoot,
  DialogTitle,
} from '@/components/ui/dialog';

/** What the plan limits count. */
export type PlanLimitField = 'product' | 'link' | 'subAdmin';

const FIELD_MESSAGE_IDS = {
  product: 'plan.field.product',
  link: 'plan.field.link',
  subAdmin: 'plan.field.subAdmin',
} as const;

const Icon = styled.div`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  margin-bottom: 14px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
`;

const Advice = styled.p`
  margin-top: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

interface PlanExceededDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  field: PlanLimitField;
}

/** Tells the user that the plan's limit is reached; upgrading is not offered yet, so its button is disabled. */
export function PlanExceededDialog({ open, onOpenChange, planName, field }: PlanExceededDialogProps) {
  const intl = useIntl();
  const fieldName = intl.formatMessage({ id: FIELD_MESSAGE_IDS[field] });
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="plan-exceeded-dialog">
          <Icon aria-hidden="true">
            <AlertIcon size={28} />
          </Icon>
          <DialogTitle>
            <FormattedMessage id="plan.exceeded.title" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="plan.exceeded.plan" values={{ plan: planName }} />
          </DialogDescription>
          <Advice>
            <FormattedMessage id="plan.exceeded.advice" values={{ field: fieldName }} />
          </Advice>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="outline">
                <FormattedMessage id="common.close" />
              </Button>
            </DialogClose>
            <Button disabled>
              <FormattedMessage id="plan.upgradeButton" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
