import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLink } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { callsTo, productApi } from '@/testing/product-page';

describe('links section', () => {
  it('lists the active links by order, numbered from 1, with their badges', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    const list = await screen.findByTestId('links-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-link-type'))).toEqual(['gs1:pip', 'gs1:homepage']);
    expect(within(rows[0]).getByLabelText('Link 1')).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent('Default');
    expect(rows[0]).toHaveTextContent('English');
    expect(rows[1]).toHaveTextContent('Automatic');
    expect(rows[1]).toHaveTextContent('Any language');
    expect(within(rows[1]).getByRole('link', { name: 'https://acme.test/brand' })).toHaveAttribute('href', 'https://acme.test/brand');
    // The first link cannot move up, the last cannot move down.
    expect(within(rows[0]).getByRole('button', { name: 'Move Product Information up' })).toBeDisabled();
    expect(within(rows[1]).getByRole('button', { name: 'Move Brand down' })).toBeDisabled();
  });

  it('moves a link down by giving both links their new positions', async () => {
    const fetchMock = productApi({ 'PUT /bff/api/entry/links/': { body: { result: true } } });
    renderRoute('/acme/product-details/101');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move Product Information down' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/links/')).toHaveLength(2));
    const bodies = callsTo(fetchMock, 'PUT', '/bff/api/entry/links/').map(({ init }) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ updatedLink: { linkId: 1, order: 2 } }, { updatedLink: { linkId: 2, order: 1 } }]);
  });

  it('deletes a link after confirmation, with its entry in the query', async () => {
    const fetchMock = productApi({ 'DELETE /bff/api/entry/links/': { body: { result: true } } });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Brand' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/bff/api/entry/links/')).toHaveLength(1));
    const [{ url }] = callsTo(fetchMock, 'DELETE', '/bff/api/entry/links/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ linkId: '2', entryPath: '/01/08801234000017', entryId: '5' });
    expect(await screen.findByText('The link was deleted.')).toBeInTheDocument();
  });

  it('edits a link: title per language, target and default; shows the API refusal in the dialog', async () => {
    let refuse = true;
    const fetchMock = productApi({
      'PUT /bff/api/entry/links/': () =>
        refuse
          ? { status: 400, body: { code: 'E400001', message: 'Invalid request', details: [{ path: 'updatedLink.targetUrl', message: 'Must be an http or https URL' }] } }
          : { body: { result: true } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Brand' }));
    const dialog = await screen.findByTestId('link-edit-dialog');
    await user.selectOptions(within(dialog).getByTestId('link-title-language'), 'ko');
    await user.click(within(dialog).getByTestId('link-title-add'));
    await user.type(within(dialog).getByLabelText('Korean'), '브랜드');
    const target = within(dialog).getByLabelText('Target URL');
    await user.clear(target);
    await user.type(target, 'https://acme.test/about');
    await user.click(within(dialog).getByLabelText(/Default link/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByTestId('link-edit-error')).toHaveTextContent(/./);
    expect(within(dialog).getByText('Must be an http or https URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Korean')).toHaveValue('브랜드');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('link-edit-dialog')).not.toBeInTheDocument());
    const bodies = callsTo(fetchMock, 'PUT', '/bff/api/entry/links/').map(({ init }) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({
      updatedLink: {
        linkId: 2,
        title: 'Brand',
        modifiedTitle: [{ languageCode: 'ko', inputData: '브랜드' }],
        targetUrl: 'https://acme.test/about',
        isDefault: true,
      },
    });
  });

  it.each([
    [true, '/maintenance/plan-limit'],
    [false, '/acme/product-details/101/new-link'],
  ])('sends "Add link" (link limit reached: %s) to %s', async (isLimit, path) => {
    // The router moves only once a lazy route's module has loaded: load it beforehand, so that a
    // busy machine's first import is not what the navigation waits for.
    await Promise.all([import('@/app/routes/new-link'), import('@/features/maintenance/routes/plan-limit')]);
    productApi({ '/bff/plan/check/link': () => ({ body: { isLimit } }) });
    const { router } = renderRoute('/acme/product-details/101');
    await userEvent.setup().click(await screen.findByTestId('link-add'));
    await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 15_000 });
  });

  it('says when the product has no links yet', async () => {
    productApi({ '/bff/api/entry/links/active': { body: { result: [] } } });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('links-empty')).toHaveTextContent('This product has no links yet.');
    expect(screen.getByTestId('link-add')).toBeInTheDocument();
  });

  it('shows why the links failed to load and loads them again', async () => {
    let fail = true;
    productApi({
      '/bff/api/entry/links/active': () => (fail ? { status: 500, body: { code: 'E500001', message: 'boom' } } : { body: { result: [makeLink({ linkId: 4, title: 'Care guide' })] } }),
    });
    renderRoute('/acme/product-details/101');
    const failure = await screen.findByTestId('links-error');
    fail = false;
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Care guide')).toBeInTheDocument();
  });

  it('keeps a link the API refused to delete and says why', async () => {
    const fetchMock = productApi({ 'DELETE /bff/api/entry/links/': { status: 404, body: { code: 'E404001', message: 'Not found' } } });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Brand' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/bff/api/entry/links/')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The requested item was not found.')).toBeInTheDocument();
    expect(screen.getByTestId('link-row-2')).toBeInTheDocument();
  });
});
