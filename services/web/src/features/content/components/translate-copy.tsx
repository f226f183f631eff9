import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import type { translateTextsResponseSchema } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useTranslationStatus } from '@/features/content/api/get-translation-status';
import { useLanguageName } from '@/features/content/components/language-name';

interface TranslateCopyProps {
  /** The page's default language: what the DEFAULT copy is written in. */
  source: string;
  /** The language of the copy not written yet. */
  target: string;
  /** The DEFAULT copy to translate. */
  text: string;
  format: 'text' | 'html';
  /** Fills the copy with the translation; the author reviews it, and nothing is saved until Save. */
  onTranslated: (text: string) => void;
  testId: string;
}

/**
 * Offered beside a copy that is not translated yet, where the server has a translation provider:
 * asks for a machine translation of the default copy and puts it in the field to review.
 */
export function TranslateCopy({ source, target, text, format, onTranslated, testId }: TranslateCopyProps) {
  const intl = useIntl();
  const languageName = useLanguageName();
  const { data: status } = useTranslationStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!status?.result.available || !text.trim() || source === target) return null;

  async function translate() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<z.infer<typeof translateTextsResponseSchema>>('/bff/api/service/translation', { source, target, format, texts: [text] });
      const [translated] = answer.result.texts;
      if (translated) onTranslated(translated);
    } catch (err) {
      setError(apiErrorMessage(intl, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Row>
      <Button $variant="outline" $size="sm" onClick={translate} disabled={busy} aria-busy={busy} data-testid={testId}>
        {busy ? (
          <FormattedMessage id="content.block.translating" />
        ) : (
          <FormattedMessage id="content.block.translate" values={{ language: languageName(source) }} />
        )}
      </Button>
      {error ? (
        <Problem role="alert" data-testid={`${testId}-error`}>
          {error}
        </Problem>
      ) : null}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Problem = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 13px;
`;
