import { basicStep } from '@/features/products/components/wizard/basic-step';
import { detailsStep } from '@/features/products/components/wizard/details-step';
import { imagesStep } from '@/features/products/components/wizard/images-step';
import { qrStep } from '@/features/products/components/wizard/qr-step';

/**
 * The steps of the add and edit wizards, in order. A new step is a file beside these exporting a
 * `defineStep({...})`, and one entry here.
 */
export const WIZARD_STEPS = [basicStep, detailsStep, imagesStep, qrStep] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number]['id'];

export const isWizardStep = (value: string | undefined): value is WizardStep => WIZARD_STEPS.some((step) => step.id === value);
