import styled, { keyframes } from 'styled-components';
import { useIntl } from 'react-intl';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`;

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const intl = useIntl();
  return <Ring $size={size} role="status" aria-label={label ?? intl.formatMessage({ id: 'common.loading' })} />;
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  min-height: 100dvh;
`;

export function FullPageSpinner() {
  return (
    <Centered>
      <Spinner size={40} />
    </Centered>
  );
}
