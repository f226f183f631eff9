import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';

const ListState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Placeholder = styled.div<{ $gap: number }>`
  padding: 22px;
  display: grid;
  gap: ${({ $gap }) => $gap}px;
`;

interface StateBlockProps {
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** `alert` when the block says something failed. */
  role?: 'status' | 'alert';
  /** Lets a page restyle the block with `styled(StateBlock)`. */
  className?: string;
}

/** Why a list or section shows no items: an icon and what it says (and offers). */
export function StateBlock({ icon, children, testId, role = 'status', className }: StateBlockProps) {
  return (
    <ListState data-testid={testId} role={role} className={className}>
      {icon}
      {children}
    </ListState>
  );
}

/** The placeholder rows of a list while it loads. */
export function ListSkeleton({ rows, height, testId }: { rows: number; height: string; testId?: string }) {
  return (
    <Placeholder $gap={12} aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} $height={height} />
      ))}
    </Placeholder>
  );
}

/** A list that failed to load: the reason and, with `onRetry`, a retry button. */
export function ListError({ error, onRetry, testId }: { error: unknown; onRetry?: () => void; testId: string }) {
  const intl = useIntl();
  return (
    <StateBlock testId={testId} icon={<AlertIcon size={28} />}>
      <p>{apiErrorMessage(intl, error)}</p>
      {onRetry ? (
        <Button $variant="outline" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      ) : null}
    </StateBlock>
  );
}

interface ListBodyProps<T> {
  /** The page of items; undefined until it has loaded. */
  items: T[] | undefined;
  error: unknown;
  /** Offered as a retry button when the list failed to load. */
  onRetry?: () => void;
  /** Prefix of the states' test ids: `{testId}-error`, `-loading` and `-empty`. */
  testId: string;
  /** The placeholder rows shown while loading. */
  skeleton: { rows: number; height: string };
  emptyIcon: ReactNode;
  /** What an empty list says, and offers. */
  empty: ReactNode;
  /** The list itself, for a page with items. */
  children: (items: T[]) => ReactNode;
}

/** The body of a list: its items, or why there are none (loading, failed, empty). */
export function ListBody<T>({ items, error, onRetry, testId, skeleton, emptyIcon, empty, children }: ListBodyProps<T>) {
  if (error && !items) return <ListError error={error} onRetry={onRetry} testId={`${testId}-error`} />;
  if (!items) return <ListSkeleton {...skeleton} testId={`${testId}-loading`} />;
  if (items.length === 0) {
    return (
      <StateBlock testId={`${testId}-empty`} icon={emptyIcon}>
        {empty}
      </StateBlock>
    );
  }
  return <>{children(items)}</>;
}
