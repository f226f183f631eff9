import { RANGE_PRESETS, presetRange, rangeProblems, type DayRange, type RangePreset } from '@/features/analytics/model/date-range';

/** What the screen shows, kept in the address so that a view can be shared and reloaded. */
export interface AnalyticsViewState {
  /** A preset, or `custom` with its own days. */
  preset: RangePreset | 'custom';
  /** The custom days; null with a preset. */
  custom: DayRange | null;
  compare: boolean;
  projectId: number | null;
  productId: number | null;
}

export const DEFAULT_PRESET: RangePreset = 'last30';

function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Reads the view from the address; anything unreadable falls back to the default (last 30 days, compared). */
export function readViewState(params: URLSearchParams): AnalyticsViewState {
  const rangeParam = params.get('range');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const common = {
    compare: params.get('compare') !== '0',
    projectId: positiveId(params.get('projectId')),
    productId: positiveId(params.get('productId')),
  };
  if (rangeParam === 'custom' || (!rangeParam && from && to)) {
    const custom = { from, to };
    if (Object.keys(rangeProblems(custom)).length === 0) return { preset: 'custom', custom, ...common };
  }
  const preset = (RANGE_PRESETS as readonly string[]).includes(rangeParam ?? '') ? (rangeParam as RangePreset) : DEFAULT_PRESET;
  return { preset, custom: null, ...common };
}

/** The address's query for a view; defaults are left out so that the plain address means the default view. */
export function writeViewState(state: AnalyticsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.preset === 'custom' && state.custom) {
    params.set('range', 'custom');
    params.set('from', state.custom.from);
    params.set('to', state.custom.to);
  } else if (state.preset !== DEFAULT_PRESET) {
    params.set('range', state.preset);
  }
  if (!state.compare) params.set('compare', '0');
  if (state.projectId !== null) params.set('projectId', String(state.projectId));
  if (state.productId !== null) params.set('productId', String(state.productId));
  return params;
}

/** The days the view asks for, `today` being the company's. */
export function viewRange(state: AnalyticsViewState, today: string): DayRange {
  return state.preset === 'custom' && state.custom ? state.custom : presetRange(state.preset === 'custom' ? DEFAULT_PRESET : state.preset, today);
}
