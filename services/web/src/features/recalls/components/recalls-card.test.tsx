import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Batch, Recall } from '@product-console/shared';
import { makeSession } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { callsTo, productApi } from '@/testing/product-page';

const recall: Recall = {
  recallId: 7,
  productId: 101,
  productName: 'Trail boots',
  scope: 'batches',
  batches: [{ batchId: 1, lot: 'L-1' }],
  serialFrom: null,
  serialTo: null,
  reason: 'Metal fragments found.',
  action: 'Return it to the shop.',
  contact: 'recall@acme.test',
  startsAt: '2026-03-01T10:00:00.000Z',
  endedAt: null,
  status: 'active',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: 'Mia Manager',
  scans: 3,
};
const lot = { batchId: 1, lot: 'L-1' } as Batch;

describe('recalls card', () => {
  it('starts a recall of a chosen batch once reason, what to do and contact are given', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/batches/all': { body: { result: [lot], pageInfo: { total: 1, page: 1, size: 100 } } },
      'POST /bff/api/recall/': { status: 201, body: { result: recall } },
    });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('recalls-empty')).toHaveTextContent('No recalls of this product.');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('recall-start'));
    const dialog = await screen.findByTestId('recall-dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Start the recall' });
    expect(confirm).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'L-1' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Metal fragments found.');
    await user.type(within(dialog).getByLabelText('What to do'), 'Return it to the shop.');
    await user.type(within(dialog).getByLabelText('Contact'), 'recall@acme.test');
    await user.click(confirm);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/recall/')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/recall/')[0].init?.body))).toEqual({
      productId: 101,
      scope: 'batches',
      batchIds: [1],
      reason: 'Metal fragments found.',
      action: 'Return it to the shop.',
      contact: 'recall@acme.test',
    });
    expect(await screen.findByText('The recall has started.')).toBeInTheDocument();
  });

  it('lists a recall with its reach, scans by country and CSV export, and ends it after confirmation', async () => {
    const fetchMock = productApi({
      '/bff/api/recall/all': { body: { result: [recall], pageInfo: { total: 1, page: 1, size: 5 } } },
      '/bff/api/recall/scans': { body: { result: [{ country: 'KR', scans: 2, firstAt: recall.startsAt, lastAt: recall.startsAt }, { country: null, scans: 1, firstAt: recall.startsAt, lastAt: recall.startsAt }] } },
      'PUT /bff/api/recall/end': { body: { result: { ...recall, status: 'ended' } } },
    });
    renderRoute('/acme/product-details/101');
    const item = await screen.findByTestId('recall-7');
    expect(item).toHaveTextContent('Active');
    expect(item).toHaveTextContent('Lots L-1');
    expect(within(item).getByTestId('recall-export-7')).toHaveAttribute('href', '/bff/api/recall/scans/export?recallId=7');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: '3 scans since the start' }));
    const byCountry = await within(item).findByTestId('recall-scans-7');
    expect(byCountry).toHaveTextContent('South Korea: 2');
    expect(byCountry).toHaveTextContent('Unknown country: 1');

    await user.click(within(item).getByRole('button', { name: 'End the recall' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('End this recall?');
    await user.click(within(dialog).getByRole('button', { name: 'End the recall' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/recall/end')).toHaveLength(1));
  });

  it('lets a sub-admin see recalls but not start or end one', async () => {
    productApi({ '/bff/api/recall/all': { body: { result: [recall], pageInfo: { total: 1, page: 1, size: 5 } } } }, makeSession({ roleId: 3 }));
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('recall-7')).toBeInTheDocument();
    expect(screen.queryByTestId('recall-start')).toBeNull();
    expect(screen.queryByTestId('recall-end-7')).toBeNull();
  });
});
