import type { MessageId } from '@/lib/i18n';

/** The edit wizard's passport step, listed after the page's steps for DPP products only; it has its own Save. */
export const PASSPORT_STEPS = [{ id: 'passport', label: 'passport.step' }] as const satisfies readonly { id: string; label: MessageId }[];

export type PassportStep = (typeof PASSPORT_STEPS)[number]['id'];

export const isPassportStep = (value: string | undefined): value is PassportStep => PASSPORT_STEPS.some((step) => step.id === value);
