import type { MessageId } from '@/lib/i18n';

/** The edit wizard's steps of the product's page, after the product's own; each has its own Save. */
export const CONTENT_STEPS = [
  { id: 'content', label: 'wizard.step.content' },
  { id: 'languages', label: 'wizard.step.languages' },
  { id: 'design', label: 'wizard.step.design' },
] as const satisfies readonly { id: string; label: MessageId }[];

export type ContentStep = (typeof CONTENT_STEPS)[number]['id'];

export const isContentStep = (value: string | undefined): value is ContentStep => CONTENT_STEPS.some((step) => step.id === value);
