import styled, { keyframes } from 'styled-components';
import * as RadixDialog from '@radix-ui/react-dialog';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -46%) scale(0.98); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

export const DialogOverlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 0.15s ease-out;
`;

/** `$width`: the widest the dialog grows, in pixels (440 unless given); never wider than the screen. */
export const DialogContent = styled(RadixDialog.Content)<{ $width?: number }>`
  position: fixed;
  z-index: 41;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width }) => $width ?? 440}px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 28px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  animation: ${rise} 0.18s ease-out;
  &:focus { outline: none; }
`;

export const DialogTitle = styled(RadixDialog.Title)`
  font-size: 18px;
  font-weight: 700;
  margin-bottom: 8px;
`;

export const DialogDescription = styled(RadixDialog.Description)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 24px;
`;

export const DialogRoot = RadixDialog.Root;
export const DialogPortal = RadixDialog.Portal;
export const DialogClose = RadixDialog.Close;
