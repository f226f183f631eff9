import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PricingPlan } from '@product-console/shared';
import { makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

const plans: PricingPlan[] = [
  { planId: 1, planName: 'Starter', services: ['DL'], limits: { product: 20, link: 5, subAdmin: 2 }, current: true, price: { monthly: 4900, currency: 'EUR' } },
  { planId: 2, planName: 'Business', services: ['DL', 'DPP'], limits: { product: 100, link: 10, subAdmin: 5 }, current: false, price: { monthly: 19900, currency: 'EUR' } },
  { planId: 3, planName: 'Enterprise', services: ['DL', 'DPP'], limits: { product: 10000, link: 20, subAdmin: 50 }, current: false, price: null },
];

function api(roleId: 1 | 2 | 3, asked: unknown[] = []) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/service/plan/list': { body: { result: plans } },
    'POST /bff/api/service/plan/request': (init) => {
      asked.push(JSON.parse(String(init?.body)));
      return { body: { result: { requested: true } } };
    },
  });
}

describe('the pricing page', () => {
  it('shows each plan with its price, and a manager asks for another plan from its card', async () => {
    const asked: unknown[] = [];
    api(2, asked);
    renderRoute('/acme/settings/pricing');
    const business = await screen.findByTestId('plan-Business');
    expect(within(business).getByTestId('plan-price')).toHaveTextContent('€199 per month');
    expect(within(screen.getByTestId('plan-Enterprise')).getByTestId('plan-price')).toHaveTextContent('Price on request');
    // The current plan is marked, not offered.
    expect(within(screen.getByTestId('plan-Starter')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(business).getByRole('button', { name: 'Ask for Business' }));
    await waitFor(() => expect(asked).toEqual([{ planId: 2 }]));
    expect(await screen.findByText('Your request for Business is sent: our team will change your plan and tell you.')).toBeInTheDocument();
  });

  it('tells a sub-admin that the manager asks for a plan', async () => {
    api(3);
    renderRoute('/acme/settings/pricing');
    const business = await screen.findByTestId('plan-Business');
    expect(within(business).queryByRole('button')).toBeNull();
    expect(business).toHaveTextContent('Your company’s manager can ask for this plan.');
  });
});
