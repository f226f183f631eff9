import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';
import { useContentEditor } from '@/features/content/hooks/use-content-editor';
import { useLeaveGuard } from '@/features/content/hooks/use-leave-guard';
import { usePreviewChannel } from '@/features/content/hooks/use-preview-channel';
import type { ContentStep } from '@/features/content/content-steps';
import { ContentStepPanel } from '@/features/content/components/content-step';
import { DesignStepPanel } from '@/features/content/components/design-step';
import { LanguagesStepPanel } from '@/features/content/components/languages-step';
import { PhoneFrame } from '@/features/content/components/phone-frame';

export interface ContentEditorProps {
  productId: number;
  serviceName: string;
  /** The step shown; null while the wizard shows one of the product's own steps (the draft stays). */
  step: ContentStep | null;
}

/**
 * The page editor of the edit wizard (content, languages, design) beside a phone frame showing
 * the draft as a shopper will see it. It stays mounted on the wizard's other steps so that the
 * draft survives them; leaving the wizard with unsaved changes asks first.
 */
export function ContentEditor({ productId, serviceName, step }: ContentEditorProps) {
  const intl = useIntl();
  const editor = useContentEditor(productId);
  const { draft, hasChanges, saving, saveError } = editor;
  const [frameLanguage, setFrameLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const base = `/${encodeURIComponent(serviceName)}/product-details/${productId}`;
  const stays = useCallback((pathname: string) => pathname.startsWith(`${base}/edit/`), [base]);
  const guard = useLeaveGuard(hasChanges, stays);
  usePreviewChannel(productId, draft, hasChanges);

  async function save() {
    if (await editor.save()) showSnackbar(intl.formatMessage({ id: 'content.saved' }), 'success');
  }

  const failure =
    saveError === null || saveError === undefined
      ? null
      : isApiError(saveError)
        ? apiErrorMessage(intl, saveError)
        : intl.formatMessage({ id: 'content.saveFailed' });

  return (
    <Wrapper hidden={step === null} data-testid="content-editor">
      {editor.loadError ? (
        <LoadError message={apiErrorMessage(intl, editor.loadError)} onRetry={editor.retry} testId="content-load-error" />
      ) : !draft ? (
        <Loading aria-busy="true">
          <Skeleton $height="44px" />
          <Skeleton $height="240px" />
        </Loading>
      ) : (
        <Layout>
          <Editor>
            <Bar>
              <Status role="status" data-testid="content-status">
                {hasChanges ? <FormattedMessage id="content.unsaved" /> : <FormattedMessage id="content.allSaved" />}
              </Status>
              <BarActions>
                <PreviewLink href={`${base}/preview`} target="_blank" rel="noopener" data-testid="open-preview" $wide>
                  <FormattedMessage id="content.openPreview" />
                </PreviewLink>
                <Button onClick={() => void save()} disabled={saving || !hasChanges} data-testid="content-save">
                  {saving ? <Spinner size={16} /> : null}
                  <FormattedMessage id="content.save" />
                </Button>
              </BarActions>
            </Bar>
            {/* On a phone the sticky bar keeps to one line: the preview link comes below it. */}
            <PreviewLink href={`${base}/preview`} target="_blank" rel="noopener" data-testid="open-preview-narrow" $wide={false}>
              <FormattedMessage id="content.openPreview" />
            </PreviewLink>
            {failure ? (
              <FormAlert role="alert" data-testid="content-error">
                {failure}
              </FormAlert>
            ) : null}
            {step === 'content' ? <ContentStepPanel editor={editor} productId={productId} /> : null}
            {step === 'languages' ? <LanguagesStepPanel editor={editor} /> : null}
            {step === 'design' ? <DesignStepPanel editor={editor} productId={productId} /> : null}
          </Editor>
          <PhoneFrame productId={productId} draft={draft} hasChanges={hasChanges} language={frameLanguage} onLanguageChange={setFrameLanguage} />
        </Layout>
      )}
      <ConfirmDialog
        payload={guard.blocked ? true : null}
        title={<FormattedMessage id="content.leaveTitle" />}
        description={<FormattedMessage id="content.leaveDescription" />}
        confirmLabel={<FormattedMessage id="content.leave" />}
        onConfirm={async () => guard.leave()}
        onClose={guard.stay}
      />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  &[hidden] { display: none; }
`;

const Loading = styled.div`
  display: grid;
  gap: 16px;
`;

/** The frame goes beside the editor from md (1024 px) up, below it on narrower screens. */
const Layout = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr);
  align-items: start;
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 1fr) 424px;
  }
`;

const Editor = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** Save stays in reach on a long page: the bar sticks under the console's top bar while the blocks scroll. */
const Bar = styled.div`
  position: sticky;
  top: ${({ theme }) => theme.layout.headerHeight}px;
  z-index: 5;
  padding: 10px 0;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Status = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const BarActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const PreviewLink = styled.a<{ $wide: boolean }>`
  display: ${({ $wide }) => ($wide ? 'inline' : 'none')};
  @media (max-width: 767px) {
    display: ${({ $wide }) => ($wide ? 'none' : 'inline')};
  }
  font-size: 14px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-underline-offset: 3px;
`;
