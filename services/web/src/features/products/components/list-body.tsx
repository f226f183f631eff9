import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { StateBlock } from '@/features/products/components/list-state';

interface ListBodyProps<T> {
  /** The page of items; undefined until it has loaded. */
  items: T[] | undefined;
  error: unknown;
  onRetry: () => void;
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

/** The body of a paged list: its items, or why there are none (loading, failed, empty). */
export function ListBody<T>({ items, error, onRetry, testId, skeleton, emptyIcon, empty, children }: ListBodyProps<T>) {
  const intl = useIntl();
  if (error && !items) {
    return (
      <StateBlock testId={`${testId}-error`} icon={<AlertIcon size={28} />}>
        <p>{apiErrorMessage(intl, error)}</p>
        <Button $variant="outline" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </StateBlock>
    );
  }
  if (!items) {
    return (
      <div style={{ padding: 22, display: 'grid', gap: 12 }} aria-busy="true" data-testid={`${testId}-loading`}>
        {Array.from({ length: skeleton.rows }, (_, index) => (
          <Skeleton key={index} $height={skeleton.height} />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <StateBlock testId={`${testId}-empty`} icon={emptyIcon}>
        {empty}
      </StateBlock>
    );
  }
  return <>{children(items)}</>;
}
