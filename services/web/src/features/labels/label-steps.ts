import type { MessageId } from '@/lib/i18n';

/** The edit wizard's label step (issue 29), listed for smart-label products (categories 2 and 3) only; it has its own Save. */
export const LABEL_STEPS = [{ id: 'label', label: 'labels.step' }] as const satisfies readonly { id: string; label: MessageId }[];

export type LabelStep = (typeof LABEL_STEPS)[number]['id'];

export const isLabelStep = (value: string | undefined): value is LabelStep => LABEL_STEPS.some((step) => step.id === value);

/** Category values whose products carry a smart label, and so a food, wine or textile label. */
export const LABEL_CATEGORIES: readonly number[] = [2, 3];
