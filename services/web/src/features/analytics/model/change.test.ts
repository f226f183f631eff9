import { describe, expect, it } from 'vitest';
import { changeOf } from '@/features/analytics/model/change';

describe('the change against the previous period', () => {
  it('is up or down in whole per cent', () => {
    expect(changeOf(150, 100)).toEqual({ kind: 'up', percent: 50 });
    expect(changeOf(2, 3)).toEqual({ kind: 'down', percent: 33 });
    expect(changeOf(1001, 1000)).toEqual({ kind: 'up', percent: 1 });
  });

  it('is new when the previous period had none, and absent without comparison', () => {
    expect(changeOf(5, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(changeOf(7, 7)).toEqual({ kind: 'same' });
    expect(changeOf(5, null)).toEqual({ kind: 'none' });
  });
});
