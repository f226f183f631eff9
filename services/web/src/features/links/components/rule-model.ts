import type { RedirectRule, RedirectRuleDevice, RedirectRuleInput, RedirectRulePresence, RuleConditions } from '@product-console/shared';

/**
 * A redirect rule as the editor holds it: the campaign window as `datetime-local` values in the
 * browser's time zone ('' for open), and a key that names it while it is moved.
 */
export interface RuleDraft {
  key: string;
  name: string;
  targetUrl: string;
  countries: string[];
  languages: string[];
  devices: RedirectRuleDevice[];
  startsAt: string;
  endsAt: string;
  batch: RedirectRulePresence;
  serial: RedirectRulePresence;
}

let nextKey = 0;
const newKey = () => `rule-${(nextKey += 1)}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an instant; null for ''. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function emptyDraft(): RuleDraft {
  return { key: newKey(), name: '', targetUrl: '', countries: [], languages: [], devices: [], startsAt: '', endsAt: '', batch: 'any', serial: 'any' };
}

export function draftOf(rule: RedirectRule): RuleDraft {
  return {
    key: newKey(),
    name: rule.name,
    targetUrl: rule.targetUrl,
    countries: [...rule.countries],
    languages: [...rule.languages],
    devices: [...rule.devices],
    startsAt: toLocalInput(rule.startsAt),
    endsAt: toLocalInput(rule.endsAt),
    batch: rule.batch,
    serial: rule.serial,
  };
}

/** What the API takes for a draft. */
export function inputOf(draft: RuleDraft): RedirectRuleInput {
  return {
    name: draft.name.trim(),
    targetUrl: draft.targetUrl.trim(),
    countries: draft.countries,
    languages: draft.languages,
    devices: draft.devices,
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    batch: draft.batch,
    serial: draft.serial,
  };
}

/** The conditions of a draft, as the resolver matches them (for the preview). */
export function conditionsOf(draft: RuleDraft): RuleConditions & { targetUrl: string } {
  return {
    targetUrl: draft.targetUrl.trim(),
    countries: draft.countries,
    languages: draft.languages.map((code) => code.toLowerCase()),
    devices: draft.devices,
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    batch: draft.batch,
    serial: draft.serial,
  };
}

/** The drafts in a new order: `key` moved to where `overKey` is. */
export function moveDraft(drafts: readonly RuleDraft[], key: string, overKey: string): RuleDraft[] {
  const from = drafts.findIndex((draft) => draft.key === key);
  const to = drafts.findIndex((draft) => draft.key === overKey);
  if (from === -1 || to === -1 || from === to) return [...drafts];
  const next = [...drafts];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Whether two lists say the same (the editor saves only a changed list). */
export const sameRules = (a: readonly RuleDraft[], b: readonly RuleDraft[]) =>
  JSON.stringify(a.map(inputOf)) === JSON.stringify(b.map(inputOf));
