import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 24px;
  max-width: 720px;
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

export const Muted = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Avatar = styled.img`
  width: 72px;
  height: 72px;
  border-radius: 16px;
  object-fit: cover;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The picture and the fixed facts at the top of a settings form. */
export const Identity = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
`;

/** A checkbox with its text beside it. */
export const CheckLabel = styled.label`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const Failure = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
`;

/** A settings tab whose data failed to load, with a retry. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Failure role="alert">
      <AlertIcon size={20} />
      <FormattedMessage id="profile.loadError" />
      <Button $variant="outline" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </Button>
    </Failure>
  );
}

interface FormCardProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error: string | null;
  children: ReactNode;
  testId?: string;
  readOnly?: boolean;
  /** The form checks its fields itself (`formControlErrors`) and shows the errors under them. */
  noValidate?: boolean;
}

/** A settings form in a card with its error and a Save button. */
export function FormCard({ onSubmit, saving, error, children, testId, readOnly, noValidate }: FormCardProps) {
  return (
    <Card>
      <Form onSubmit={onSubmit} data-testid={testId} aria-busy={saving} noValidate={noValidate}>
        {error ? (
          <FormAlert role="alert">
            <AlertIcon size={18} />
            <span>{error}</span>
          </FormAlert>
        ) : null}
        {children}
        {readOnly ? null : (
          <div>
            <Button type="submit" disabled={saving} aria-busy={saving}>
              {saving ? <Spinner size={16} /> : null}
              <FormattedMessage id="common.save" />
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
