import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

/**
 * A grey placeholder of the content being loaded; hidden from assistive technology.
 * `$marginTop` spaces a line from the one above it, as the text it stands for would be.
 */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{ $width?: string; $height?: string; $marginTop?: string }>`
  display: block;
  margin-top: ${({ $marginTop }) => $marginTop ?? '0'};
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '14px'};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;
