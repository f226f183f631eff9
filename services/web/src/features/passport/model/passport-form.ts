import { z } from 'zod';
import {
  ACCESS_LEVELS,
  accessLevelRank,
  accessOverridesSchema,
  fieldAccessLevel,
  passportDataSchema,
  PASSPORT_TEMPLATES,
  type AccessLevel,
  type AccessOverrides,
  type PassportData,
  type PassportTemplate,
} from '@product-console/shared';

/** What the passport form edits; access overrides live beside it (their keys hold dots). */
export interface PassportFormValues {
  template: PassportTemplate;
  data: PassportData;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The form's values as the API takes them: empty inputs, empty rows and groups left empty are
 * dropped (so a group nobody filled is not "required"), and battery data only on the battery template.
 */
export function prunePassport(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(prunePassport).filter((item) => !isBlank(item));
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => [key, prunePassport(item)] as const)
      .filter(([, item]) => !isBlank(item));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  return value;
}

export function cleanPassportValues(values: PassportFormValues): PassportFormValues {
  const data = (prunePassport(values.data) ?? {}) as PassportData;
  if (values.template !== 'battery') delete data.battery;
  return { template: values.template, data };
}

/** The form's schema: the shared passport schema over the cleaned values (same paths as the API's errors). */
export const passportFormSchema = z.preprocess(
  (values) => cleanPassportValues(values as PassportFormValues),
  z.object({ template: z.enum(PASSPORT_TEMPLATES), data: passportDataSchema }),
);

/** The access levels a company may choose for a field: its default and the tighter ones. */
export function allowedLevels(path: string): AccessLevel[] {
  const floor = accessLevelRank(fieldAccessLevel(path, {}));
  return ACCESS_LEVELS.filter((level) => accessLevelRank(level) >= floor);
}

/** Sets one field's level; choosing the default removes the override. Invalid overrides never result. */
export function setAccessLevel(overrides: AccessOverrides, path: string, level: AccessLevel): AccessOverrides {
  const next = { ...overrides };
  if (level === fieldAccessLevel(path, {})) delete next[path];
  else next[path] = level;
  return accessOverridesSchema.parse(next);
}

/** The numbers of an input: empty is "not given". */
export const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));
/** A comma-separated list of names. */
export const asList = (value: unknown) => {
  if (Array.isArray(value)) return value as string[];
  const items = String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
};
