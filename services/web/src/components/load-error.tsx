import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 56px 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface LoadErrorProps {
  /** What failed to load. */
  message: ReactNode;
  onRetry: () => void;
  testId?: string;
  /** Lets a page restyle the block with `styled(LoadError)`. */
  className?: string;
}

/** A page section whose data failed to load: an alert with the reason and a retry button. */
export function LoadError({ message, onRetry, testId, className }: LoadErrorProps) {
  return (
    <Box role="alert" data-testid={testId} className={className}>
      <AlertIcon size={32} />
      <p>{message}</p>
      <Button $variant="outline" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </Button>
    </Box>
  );
}
