import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { company, makePlan, makeSession, products, projects, totalCount } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';
import { sparklinePoints } from '@/features/overview/components/scan-sparkline';

const second = { ...products[0]!, productId: 102, product_name: 'Rain hood', entry_id: 6 };

function days(values: Record<number, number>): number[] {
  return Array.from({ length: 30 }, (_, index) => values[index] ?? 0);
}

describe('the overview sparklines', () => {
  it('ask once for the page’s products and say each one’s 30-day scans', async () => {
    const asked: string[] = [];
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
      '/bff/api/project/all': { body: { result: projects } },
      '/bff/api/service/plan/info': { body: { result: makePlan() } },
      '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
      '/bff/api/auth/me/company-info': { body: { result: company } },
      '/bff/api/overview/total-count': { body: { result: totalCount } },
      '/bff/api/overview/productList': { body: { result: [products[0], second], pageInfo: { total: 2, page: 1, size: 10 } } },
      '/bff/api/analytics/sparklines': (_init, url) => {
        asked.push(url.searchParams.get('productIds') ?? '');
        return { body: { result: [{ productId: 101, days: days({ 3: 2, 29: 5 }) }, { productId: 102, days: days({ 0: 1 }) }] } };
      },
    });
    renderRoute('/acme/dashboard/main-overview');

    expect(await screen.findByRole('img', { name: '7 scans in 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '1 scan in 30 days' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['101,102']));
  });

  it('draw the last day at the right edge and the busiest day at the top', () => {
    const points = sparklinePoints([0, 4, 2], 100, 30).split(' ');
    expect(points).toEqual(['0.0,29.0', '50.0,1.0', '100.0,15.0']);
    expect(sparklinePoints([0, 0], 100, 30)).toBe('0.0,29.0 100.0,29.0');
  });
});
