import { useEffect, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { dismissSnackbar, getSnackbars, subscribeSnackbars, type Snackbar } from '@/lib/snackbar';

const Stack = styled.div`
  position: fixed;
  z-index: 60;
  right: 20px;
  bottom: 20px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  max-width: min(420px, calc(100vw - 40px));
`;

const Item = styled.div<{ $variant: Snackbar['variant'] }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 14px 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  font-size: 14px;
  font-weight: 500;
  color: #fff;
  background: ${({ theme, $variant }) =>
    $variant === 'error' ? theme.colors.danger : $variant === 'success' ? theme.colors.success : '#1e293b'};
`;

const Close = styled.button`
  margin-left: auto;
  border: none;
  background: transparent;
  color: inherit;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  padding: 4px;
  border-radius: 4px;
`;

function SnackbarItem({ item }: { item: Snackbar }) {
  const intl = useIntl();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissSnackbar(item.id), item.autoHideMs);
    return () => window.clearTimeout(timer);
  }, [item]);
  return (
    <Item $variant={item.variant} role={item.variant === 'error' ? 'alert' : 'status'} data-testid="snackbar">
      <span>{item.message}</span>
      <Close aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => dismissSnackbar(item.id)}>
        ×
      </Close>
    </Item>
  );
}

/** Renders the messages of `lib/snackbar`, at most three at a time. */
export function SnackbarHost() {
  const items = useSyncExternalStore(subscribeSnackbars, getSnackbars, getSnackbars);
  return (
    <Stack aria-live="polite">
      {items.map((item) => (
        <SnackbarItem key={item.id} item={item} />
      ))}
    </Stack>
  );
}
