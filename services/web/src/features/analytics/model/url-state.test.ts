import { describe, expect, it } from 'vitest';
import { readViewState, viewRange, writeViewState } from '@/features/analytics/model/url-state';

describe('the view kept in the address', () => {
  it('defaults to the last 30 days compared with the 30 before, all products', () => {
    const state = readViewState(new URLSearchParams());
    expect(state).toEqual({ preset: 'last30', custom: null, compare: true, projectId: null, productId: null });
    expect(writeViewState(state).toString()).toBe('');
    expect(viewRange(state, '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
  });

  it('round-trips a custom range, no comparison, a project and a product', () => {
    const query = 'range=custom&from=2026-10-01&to=2026-10-31&compare=0&projectId=3&productId=42';
    const state = readViewState(new URLSearchParams(query));
    expect(state).toEqual({ preset: 'custom', custom: { from: '2026-10-01', to: '2026-10-31' }, compare: false, projectId: 3, productId: 42 });
    expect(writeViewState(state).toString()).toBe(query);
    expect(viewRange(state, '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('keeps a preset by name, so that the address means the same days tomorrow', () => {
    const state = readViewState(new URLSearchParams('range=lastMonth'));
    expect(writeViewState(state).toString()).toBe('range=lastMonth');
    expect(viewRange(state, '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('falls back to the default for what it cannot read', () => {
    expect(readViewState(new URLSearchParams('range=custom&from=2026-10-31&to=2026-10-01&productId=abc'))).toEqual({
      preset: 'last30',
      custom: null,
      compare: true,
      projectId: null,
      productId: null,
    });
    expect(readViewState(new URLSearchParams('range=forever')).preset).toBe('last30');
  });
});
