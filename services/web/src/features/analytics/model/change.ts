/** How a figure moved against the comparison period. */
export type Change =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'same' }
  | { kind: 'up' | 'down'; /** Whole per cent, at least 1 when there is any move. */ percent: number };

/** `none` without comparison; `new` when the previous period had nothing; else the change in per cent. */
export function changeOf(value: number, previous: number | null): Change {
  if (previous === null) return { kind: 'none' };
  if (previous === 0) return value === 0 ? { kind: 'same' } : { kind: 'new' };
  if (value === previous) return { kind: 'same' };
  const percent = Math.max(1, Math.round((Math.abs(value - previous) / previous) * 100));
  return { kind: value > previous ? 'up' : 'down', percent };
}
