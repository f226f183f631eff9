import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLink, makePlan, makeProductResponse, makeQualifier, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

type Routes = Parameters<typeof mockBff>[0];

function newLinkApi(extra: Routes = {}) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/plan/check/link': { body: { isLimit: false } },
    '/bff/api/product/': { body: makeProductResponse() },
    '/bff/api/product/cert-info': { body: { result: [] } },
    '/bff/api/entry/links/active': { body: { result: [makeLink({ linkId: 1, linkType: 'gs1:pip' })] } },
    '/bff/api/entry/qualifiers/all/product': { body: { result: [makeQualifier('SN-9', 9)] } },
    '/bff/api/entry/qualifiers/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } },
    ...extra,
  });
}

describe('new link', () => {
  it.each([
    ['reached', { body: { isLimit: true } }],
    ['failed', { status: 500, body: { code: 'E500001', message: 'boom' } }],
  ])('goes to /maintenance/403 when the link limit check is %s', async (_case, answer) => {
    newLinkApi({ '/bff/plan/check/link': answer });
    const { router } = renderRoute('/acme/product-details/101/new-link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/403'));
  });

  it('offers the six link types with their default titles, starting with one the product lacks', async () => {
    newLinkApi();
    renderRoute('/acme/product-details/101/new-link');
    const type = await screen.findByLabelText('Link type');
    const options = within(type).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual([
      'gs1:dpp',
      'gs1:pip',
      'gs1:traceability',
      'gs1:certificationInfo',
      'gs1:homepage',
      'gs1:smartLabel',
    ]);
    expect(options[1]).toHaveTextContent('already used');
    expect(type).toHaveValue('gs1:dpp');
    expect(screen.getByLabelText('Title')).toHaveValue('Digital Product Passport');
    const user = userEvent.setup();
    await user.selectOptions(type, 'gs1:homepage');
    expect(screen.getByLabelText('Title')).toHaveValue('Brand');
    // A title of one's own stays when the type changes.
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Our story');
    await user.selectOptions(type, 'gs1:smartLabel');
    expect(screen.getByLabelText('Title')).toHaveValue('Our story');
  });

  it('posts the link, keeps the typed values when the API refuses, and goes back to the product on success', async () => {
    let refuse = true;
    const posted: unknown[] = [];
    newLinkApi({
      'POST /bff/api/entry/links/': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return refuse
          ? { status: 409, body: { code: 'E409010', message: 'This link type is already shown for this language.' } }
          : { body: { result: makeLink({ linkId: 5, linkType: 'gs1:dpp' }) } };
      },
    });
    const { router } = renderRoute('/acme/product-details/101/new-link');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Target URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Enter a web address starting with http:// or https://.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.clear(screen.getByLabelText('Target URL'));
    await user.type(screen.getByLabelText('Target URL'), 'https://acme.test/passport');
    await user.selectOptions(screen.getByLabelText('Serial'), 'SN-9');
    await user.selectOptions(screen.getByLabelText('Target language'), 'ko');
    await user.click(screen.getByLabelText(/Default link/));
    await user.click(screen.getByRole('button', { name: 'Add link' }));

    expect(await screen.findByTestId('new-link-error')).toBeInTheDocument();
    expect(screen.getByLabelText('Target URL')).toHaveValue('https://acme.test/passport');
    expect(posted[0]).toEqual({
      productId: 101,
      entryId: 5,
      entryPath: '/01/08801234000017',
      qualifierId: 9,
      linkType: 'gs1:dpp',
      targetUrl: 'https://acme.test/passport',
      title: 'Digital Product Passport',
      lang: 'ko',
      isDefault: true,
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/product-details/101'));
    expect(await screen.findByText('The link was added.')).toBeInTheDocument();
  });
});
