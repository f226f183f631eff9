import { createContext, useContext, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { get, useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import type { Certification, Project, ServiceCode } from '@product-console/shared';
import { Input } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { TextArea } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import type { ProductFormInput, WizardFiles } from '@/features/products/components/product-form-model';

/**
 * One step of the product wizard. The shell lists the steps (`wizard-steps.ts`), shows the
 * current one and validates every step before the one the user moves to.
 */
export interface WizardStepDefinition<Id extends string = string> {
  /** Names the step in the edit route's path (`/edit/{id}`). */
  id: Id;
  label: MessageId;
  /** The form's fields the step shows, validated before the wizard moves past it. */
  fields: readonly (keyof ProductFormInput)[];
  /** What the fields cannot check (the chosen files): the problem's message id, or null when the step is done. */
  checkFiles?: (files: WizardFiles) => MessageId | null;
  /** The step's fields; they read the form with `useFormContext` and the rest with `useWizard`. */
  Component: ComponentType;
}

export const defineStep = <Id extends string>(step: WizardStepDefinition<Id>) => step;

/** What the steps share besides the form: the mode, the choices offered, and the chosen files. */
export interface WizardState {
  mode: 'create' | 'edit';
  services: readonly ServiceCode[];
  /** Offered when the project is chosen in the form (add product with project id `none`). */
  projects?: Project[];
  gcps: string[];
  certifications: Certification[];
  files: WizardFiles;
  setFiles: Dispatch<SetStateAction<WizardFiles>>;
  /** The message id of why a step is not done (see `checkFiles`), shown on that step. */
  problemOf: (stepId: string) => MessageId | null;
  clearProblem: (stepId: string) => void;
}

const WizardContext = createContext<WizardState | null>(null);
export const WizardProvider = WizardContext.Provider;

export function useWizard(): WizardState {
  const state = useContext(WizardContext);
  if (!state) throw new Error('useWizard outside the product wizard');
  return state;
}

/** The message of a field's error, if it has one. */
export function useFieldError(name: FieldPath<ProductFormInput>): string | undefined {
  const { errors } = useFormState<ProductFormInput>({ name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/**
 * A field's error under it, in the UI language, whether the form's schema or the API found it;
 * `inputId` (the field's name by default) ties it to the input's `aria-describedby`.
 */
export function StepFieldError({ name, inputId = name }: { name: FieldPath<ProductFormInput>; inputId?: string }) {
  const message = useFieldError(name);
  return <FieldErrorSlot inputId={inputId} error={message} />;
}

/** A text input of the form, invalid and described by its error while it has one. */
export function StepInput({ id, name, type }: { id: string; name: FieldPath<ProductFormInput>; type?: 'url' }) {
  const { register } = useFormContext<ProductFormInput>();
  const message = useFieldError(name);
  return <Input id={id} type={type} placeholder={type === 'url' ? 'https://' : undefined} {...register(name)} {...fieldErrorProps(id, message)} />;
}

/** A text area of the form with its error under it. */
export function StepTextArea({ id, name }: { id: string; name: FieldPath<ProductFormInput> }) {
  const { register } = useFormContext<ProductFormInput>();
  const message = useFieldError(name);
  return (
    <>
      <TextArea id={id} rows={3} {...register(name)} {...fieldErrorProps(id, message)} />
      <FieldErrorSlot inputId={id} error={message} />
    </>
  );
}
