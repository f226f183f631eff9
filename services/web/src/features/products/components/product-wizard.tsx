import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { Certification, Project, ServiceCode } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert, Label } from '@/components/ui/field';
import { Stack, UploadProgress } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import type { MessageId } from '@/lib/i18n';
import { productFormSchema, type ProductFormInput, type ProductFormValues, type WizardFiles } from '@/features/products/components/product-form-model';
import { WizardProvider, type WizardState } from '@/features/products/components/wizard/wizard-context';
import { WIZARD_STEPS, type WizardStep } from '@/features/products/components/wizard/wizard-steps';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  margin: 0 0 20px;
  padding: 0;
`;

const StepButton = styled.button<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 8px 14px;
  border-radius: 999px;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $current }) => ($current ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.textMuted)};
  font-weight: 600;
  cursor: pointer;
`;

const Body = styled(Card)`
  padding: 24px;
`;

const Failure = styled(FormAlert)`
  margin-bottom: 16px;
`;

const Upload = styled.div`
  margin-top: 20px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-top: 24px;
`;

/** A step of the edit wizard outside the product's form, with its own Save (the page's content, languages, design). */
export interface ExtraWizardStep<Id extends string> {
  id: Id;
  label: MessageId;
}

export interface ProductWizardProps<Extra extends string = never> {
  mode: 'create' | 'edit';
  step: WizardStep | NoInfer<Extra>;
  onStepChange: (step: WizardStep | NoInfer<Extra>) => void;
  /** Listed after the form's steps; while one is current, `extra` shows instead of the form (which keeps its values). */
  extraSteps?: readonly ExtraWizardStep<Extra>[];
  extra?: ReactNode;
  defaultValues: ProductFormInput;
  initialFiles: WizardFiles;
  services: readonly ServiceCode[];
  /** Offered when the project is chosen in the form (add product with project id `none`). */
  projects?: Project[];
  gcps: string[];
  certifications: Certification[];
  onSubmit: (values: ProductFormValues, files: WizardFiles, onProgress: (fraction: number) => void) => Promise<void>;
  onCancel: () => void;
}

/**
 * The add and edit product wizard: one form over the steps of `wizard-steps.ts`, sent as one
 * multipart request. The steps share the form through react-hook-form's context and the rest
 * (choices, files) through the wizard's.
 */
export function ProductWizard<Extra extends string = never>(props: ProductWizardProps<Extra>) {
  const { mode, step, onStepChange, extraSteps = [], extra, defaultValues, initialFiles, services, projects, gcps, certifications, onSubmit, onCancel } = props;
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({ resolver: formResolver(productFormSchema), defaultValues, mode: 'onTouched' });
  const { handleSubmit, formState, trigger, setError } = form;
  const [files, setFiles] = useState<WizardFiles>(initialFiles);
  const [problems, setProblems] = useState<Partial<Record<string, MessageId>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const index = WIZARD_STEPS.findIndex((item) => item.id === step);
  const onExtraStep = index < 0;
  const allSteps: readonly { id: WizardStep | Extra; label: MessageId }[] = [...WIZARD_STEPS, ...extraSteps];
  const submitting = formState.isSubmitting;

  /** Whether a step's files are complete; records why not, to be shown on the step. */
  function filesComplete(stepIndex: number): boolean {
    const { id, checkFiles } = WIZARD_STEPS[stepIndex];
    const problem = checkFiles?.(files) ?? null;
    setProblems((current) => ({ ...current, [id]: problem ?? undefined }));
    return problem === null;
  }

  const wizard: WizardState = {
    mode,
    services,
    projects,
    gcps,
    certifications,
    files,
    setFiles,
    problemOf: (stepId) => problems[stepId] ?? null,
    clearProblem: (stepId) => setProblems((current) => ({ ...current, [stepId]: undefined })),
  };

  /** Moves to a step; moving forward validates every step before it and stops at the first one not done. */
  async function go(next: WizardStep | Extra) {
    const target = WIZARD_STEPS.findIndex((item) => item.id === next);
    // The other steps save on their own: reaching them needs no valid product form.
    if (target < 0) {
      onStepChange(next);
      return;
    }
    for (let position = 0; position < target && target > index; position += 1) {
      const { id, fields } = WIZARD_STEPS[position];
      if (!(await trigger(fields as FieldPath<ProductFormInput>[])) || !filesComplete(position)) {
        onStepChange(id);
        return;
      }
    }
    onStepChange(next);
  }

  const submit = handleSubmit(
    async (values) => {
      const incomplete = WIZARD_STEPS.findIndex((_, position) => !filesComplete(position));
      if (incomplete >= 0) {
        onStepChange(WIZARD_STEPS[incomplete].id);
        return;
      }
      setFailure(null);
      setProgress(0);
      try {
        await onSubmit(values, files, setProgress);
      } catch (cause) {
        setFailure(cause instanceof Error && !isApiError(cause) ? t('wizard.failed') : apiErrorMessage(intl, cause));
        if (isApiError(cause)) {
          showApiFieldErrors(cause, defaultValues, setError);
          // A GTIN another product holds is the refusal a user meets most: show it where it is typed.
          const gtinStep = WIZARD_STEPS.find((item) => (item.fields as readonly string[]).includes('gtin'));
          if (gtinStep && cause.details?.some((detail) => detail.path.endsWith('gtin'))) onStepChange(gtinStep.id);
        }
      } finally {
        setProgress(null);
      }
    },
    (invalid) => {
      const first = WIZARD_STEPS.find((item) => item.fields.some((field) => field in invalid));
      if (first) onStepChange(first.id);
    },
  );

  const uploading = progress === null ? '' : t('wizard.uploading', { percent: Math.round(progress * 100) });

  return (
    <FormProvider {...form}>
      <WizardProvider value={wizard}>
        <nav aria-label={t('wizard.steps')}>
          <Steps>
            {allSteps.map((item, position) => (
              <li key={item.id}>
                <StepButton
                  type="button"
                  $current={item.id === step}
                  aria-current={item.id === step ? 'step' : undefined}
                  onClick={() => void go(item.id)}
                  data-testid={`wizard-step-${item.id}`}
                  disabled={submitting}
                >
                  {position + 1}. {t(item.label)}
                </StepButton>
              </li>
            ))}
          </Steps>
        </nav>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="product-wizard" aria-busy={submitting} hidden={onExtraStep}>
          <Body>
            {failure ? (
              <Failure role="alert" data-testid="wizard-error">
                {failure}
              </Failure>
            ) : null}
            {/* Every step stays mounted, so that a step's own state (previews, pickers) survives moving between steps. */}
            {WIZARD_STEPS.map(({ id, Component }) => (
              <Stack key={id} hidden={id !== step}>
                <Component />
              </Stack>
            ))}
            {progress !== null ? (
              <Upload data-testid="upload-progress">
                <Label as="span">{uploading}</Label>
                <UploadProgress max={1} value={progress} aria-label={uploading} />
              </Upload>
            ) : null}
            <Footer>
              <Button $variant="outline" onClick={index === 0 ? onCancel : () => onStepChange(WIZARD_STEPS[index - 1].id)} disabled={submitting} data-testid="wizard-back">
                {index === 0 ? t('common.cancel') : t('wizard.back')}
              </Button>
              {index < WIZARD_STEPS.length - 1 ? (
                // Distinct keys: reusing one <button> would turn the click on "Next" into a submit.
                <Button key="next" onClick={() => void go(WIZARD_STEPS[index + 1].id)} data-testid="wizard-next">
                  {t('wizard.next')}
                </Button>
              ) : (
                <Button key="submit" type="submit" disabled={submitting} data-testid="wizard-submit">
                  {submitting ? <Spinner size={16} /> : null}
                  {mode === 'create' ? t('wizard.create') : t('wizard.save')}
                </Button>
              )}
            </Footer>
          </Body>
        </form>
        {extra}
      </WizardProvider>
    </FormProvider>
  );
}
