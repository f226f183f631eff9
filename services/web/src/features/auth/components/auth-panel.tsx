import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { AlertIcon, CheckIcon, ChevronLeftIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';

export const AuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const Heading = styled.h1`
  font-size: 28px;
  font-weight: 700;
`;

export const Subheading = styled.p`
  margin-top: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Hint = styled.p<{ $tone?: 'muted' | 'success' | 'danger' }>`
  font-size: 13px;
  color: ${({ theme, $tone = 'muted' }) =>
    $tone === 'success' ? theme.colors.success : $tone === 'danger' ? theme.colors.danger : theme.colors.textMuted};
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  @media (max-width: 480px) { grid-template-columns: 1fr; }
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 14px;
`;

const NoticeIcon = styled.div<{ $tone: 'success' | 'danger' }>`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 16px;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.dangerSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.danger)};
`;

export function BackToSignIn() {
  return (
    <Back to="/login">
      <ChevronLeftIcon size={16} />
      <FormattedMessage id="comingSoon.backToSignIn" />
    </Back>
  );
}

/** The full-width submit button of an account form; shows a spinner while `submitting`. */
export function AuthSubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" $size="lg" $block disabled={submitting} aria-busy={submitting}>
      {submitting ? <Spinner size={18} /> : null}
      {children}
    </Button>
  );
}

export function ErrorAlert({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <FormAlert role="alert" id={id} data-testid="form-error">
      <AlertIcon size={18} />
      <span>{message}</span>
    </FormAlert>
  );
}

/** The outcome of an account step: done (success) or not possible (danger). */
export function AuthNotice({ tone, title, children, testId }: { tone: 'success' | 'danger'; title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <Notice data-testid={testId} role={tone === 'danger' ? 'alert' : 'status'}>
      <NoticeIcon $tone={tone} aria-hidden="true">
        {tone === 'success' ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
      </NoticeIcon>
      <Heading>{title}</Heading>
      {children}
    </Notice>
  );
}
