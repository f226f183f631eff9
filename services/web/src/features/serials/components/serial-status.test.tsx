import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeQualifier, makeSession } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { stubUpload } from '@/testing/fake-xhr';
import { callsTo, productApi } from '@/testing/product-page';

const page = (qualifiers: ReturnType<typeof makeQualifier>[]) => ({ body: { result: qualifiers, pageInfo: { total: qualifiers.length, page: 1, size: 10 } } });
const three = [
  makeQualifier('A-1', 1),
  makeQualifier('A-2', 2, { status: 'deactivated', statusReason: 'Returned', statusChangedAt: '2025-03-04T00:00:00.000Z' }),
  makeQualifier('A-3', 3, { status: 'blacklisted', statusReason: 'Confirmed copy', statusChangedAt: '2025-03-05T00:00:00.000Z' }),
];
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body));

describe('serial lifecycle in the serials section', () => {
  it('shows each status as a badge and filters the list by status', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/qualifiers/all': (_init, url) => {
        const status = url.searchParams.get('status');
        return page(status === 'blacklisted' ? [three[2]] : status ? [] : three);
      },
    });
    renderRoute('/acme/product-details/101');
    const table = await screen.findByTestId('serials-table');
    expect(within(screen.getByTestId('serial-row-A-1')).getByTestId('serial-status')).toHaveTextContent('Active');
    expect(within(screen.getByTestId('serial-row-A-2')).getByTestId('serial-status')).toHaveTextContent('Deactivated');
    expect(within(screen.getByTestId('serial-row-A-3')).getByTestId('serial-status')).toHaveAttribute('title', 'Confirmed copy');

    await userEvent.setup().selectOptions(screen.getByLabelText('Filter by status'), 'Blacklisted');
    await waitFor(() => expect(within(table).queryByText('A-1')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET', '/bff/api/entry/qualifiers/all').some(({ url }) => url.searchParams.get('status') === 'blacklisted')).toBe(true);
    await userEvent.setup().selectOptions(screen.getByLabelText('Filter by status'), 'Deactivated');
    expect(await screen.findByTestId('serials-empty')).toHaveTextContent('No serial matches this status');
  });

  it('blacklists a selection chosen with the keyboard, after a confirmation that requires a reason', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/qualifiers/all': page(three),
      'PUT /bff/api/entry/qualifiers/status/bulk': { body: { result: true, changed: 1, unchanged: 1 } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    const first = await screen.findByRole('checkbox', { name: 'Select serial A-1' });
    first.focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select serial A-3' }));
    const bar = screen.getByTestId('serials-bulk');
    expect(bar).toHaveTextContent('2 serials selected');

    await user.click(within(bar).getByRole('button', { name: 'Blacklist' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Blacklist 2 serials?');
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason');
    expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status/bulk')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Copies at a market stall');
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status/bulk')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status/bulk')[0])).toEqual({
      entryId: 5,
      entryPath: '/01/08801234000017',
      status: 'blacklisted',
      reason: 'Copies at a market stall',
      qualifierIds: [1, 3],
    });
    expect(await screen.findByText('1 serial changed; 1 already had that status.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('serials-bulk')).not.toBeInTheDocument());
  });

  it("changes one serial from its row's menu, keeps the dialog open with the API's refusal, and reactivates without a reason", async () => {
    let refuse = true;
    const fetchMock = productApi({
      '/bff/api/entry/qualifiers/all': page(three),
      'PUT /bff/api/entry/qualifiers/status': () =>
        refuse ? { status: 404, body: { code: 'E404001', message: 'Not found' } } : { body: { result: true, changed: 1, unchanged: 0 } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for serial A-1' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Reactivate' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Deactivate serial A-1?');
    await user.type(within(dialog).getByLabelText('Reason'), 'Destroyed');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByTestId('serial-status-failure')).toHaveTextContent(/./);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const sent = callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status');
    expect(bodyOf(sent[sent.length - 1])).toEqual({ entryId: 5, entryPath: '/01/08801234000017', status: 'deactivated', reason: 'Destroyed', qualifierId: 1 });

    await user.click(screen.getByRole('button', { name: 'Actions for serial A-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status')).toHaveLength(3));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/status')[2])).toEqual({ entryId: 5, entryPath: '/01/08801234000017', status: 'active', qualifierId: 2 });
  });

  it("shows a serial's status history, and says so when it never changed", async () => {
    productApi({
      '/bff/api/entry/qualifiers/all': page(three),
      '/bff/api/entry/qualifiers/status/history': (_init, url) => ({
        body: {
          result:
            url.searchParams.get('qualifierId') === '3'
              ? [
                  { id: 2, fromStatus: 'deactivated', toStatus: 'blacklisted', reason: 'Confirmed copy', changedBy: 'Kim Lee', changedAt: '2025-03-05T10:00:00.000Z' },
                  { id: 1, fromStatus: 'active', toStatus: 'deactivated', reason: null, changedBy: 'Kim Lee', changedAt: '2025-03-04T10:00:00.000Z' },
                ]
              : [],
        },
      }),
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for serial A-3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Status history' }));
    const history = await screen.findByTestId('serial-history');
    expect(within(history).getByRole('heading')).toHaveTextContent('Status history of A-3');
    const steps = await within(history).findAllByTestId('serial-history-step');
    expect(steps[0]).toHaveTextContent('Deactivated');
    expect(steps[0]).toHaveTextContent('Blacklisted');
    expect(steps[0]).toHaveTextContent('Confirmed copy');
    expect(steps[0]).toHaveTextContent('by Kim Lee');
    expect(steps[1]).toHaveTextContent('No reason given');
    await user.click(within(history).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Actions for serial A-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Status history' }));
    expect(await screen.findByTestId('serial-history-empty')).toHaveTextContent('never changed');
  });

  it('changes the status of an uploaded list with progress, and lists the lines the API refused', async () => {
    productApi({ '/bff/api/entry/qualifiers/all': page(three) });
    const refused = stubUpload(400, {
      code: 'E400001',
      message: '1 line names no registered serial of this product, so no status changed.',
      result: false,
      details: [{ row: 2, value: 'NOPE', message: 'Not a registered serial of this product.' }],
      more: 0,
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload a list' }));
    const dialog = await screen.findByTestId('serial-status-upload');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(within(dialog).getByText('Choose a file first.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason to deactivate or blacklist.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('serial-status-file'), { target: { files: [new File(['A-1\nNOPE\n'], 'list.txt', { type: 'text/plain' })] } });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'Blacklisted');
    await user.type(within(dialog).getByLabelText('Reason'), 'Seized copies');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    const failure = await within(dialog).findByTestId('serials-import-error');
    expect(failure).toHaveTextContent('1 line names no registered serial');
    expect(failure).toHaveTextContent('1 line was refused');
    expect(within(failure).getAllByRole('row')[1]).toHaveTextContent('2NOPENot a registered serial of this product.');
    expect(refused[0].url).toBe('/bff/api/entry/qualifiers/status/upload');
    expect(Object.fromEntries([...refused[0].body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      entryId: '5',
      entryPath: '/01/08801234000017',
      status: 'blacklisted',
      reason: 'Seized copies',
    });

    stubUpload(200, { result: true, changed: 1, unchanged: 0 });
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('1 serial changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('serial-status-upload')).not.toBeInTheDocument());
  });

  it('offers no selection, status change or upload without write access, but the history', async () => {
    productApi({ '/bff/api/entry/qualifiers/all': page(three) }, makeSession({ roleId: 3 }));
    renderRoute('/acme/product-details/101');
    await screen.findByTestId('serials-table');
    expect(screen.queryByRole('checkbox', { name: 'Select serial A-1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload a list' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions for serial A-1' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Status history']);
  });
});
