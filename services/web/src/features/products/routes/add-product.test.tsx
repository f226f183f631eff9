import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { stubUpload } from '@/testing/fake-xhr';
import { productApi, type Routes } from '@/testing/product-page';

/** The add-product page's calls (plan check, prefixes, certifications) over the product page's. */
function addProductApi(extra: Routes = {}, session = makeSession({ roleId: 2 })) {
  return productApi(
    {
      '/bff/plan/check/product': { body: { isLimit: false } },
      '/bff/api/product/available-gcps': { body: { result: ['8801234'] } },
      '/bff/api/product/certifications': { body: { result: [{ id: 1, code: 'CE', name: 'CE marking', issuer: '', description: '', website: '' }] } },
      ...extra,
    },
    session,
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });

/** Fills the first step, adds one image and goes to the last step. */
async function fillProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Product name'), 'Rain hood');
  await user.type(screen.getByLabelText('GTIN (AI 01)'), '08801234000024');
  await user.click(screen.getByTestId('wizard-step-images'));
  fireEvent.change(await screen.findByTestId('product-images-input'), { target: { files: [png()] } });
  await user.click(screen.getByTestId('wizard-next'));
}

describe('add product', () => {
  it('goes to the plan-limit page when the product limit is reached', async () => {
    addProductApi({ '/bff/plan/check/product': { body: { isLimit: true } } });
    const { router } = renderRoute('/acme/project/11/add-product');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/plan-limit'));
    expect(router.state.location.search).toBe('?type=usage');
  });

  it('turns away a sub-admin who may not write the project', async () => {
    addProductApi({ '/bff/api/auth/sub-admin/access': { body: { accessInfo: { product: { r: true, w: false } } } } }, makeSession({ roleId: 3 }));
    const { router } = renderRoute('/acme/project/11/add-product');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/permission-denied'));
  });

  it('asks for the project when the address names none', async () => {
    addProductApi();
    renderRoute('/acme/project/none/add-product');
    const project = await screen.findByLabelText('Project');
    expect([...(project as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['Choose a project', 'Spring line', 'Outdoor']);
  });

  it('creates the product with its image, then shows it', async () => {
    addProductApi();
    const sent = stubUpload(200, { result: true, productId: 101, entryId: 5 });
    const { router } = renderRoute('/acme/project/11/add-product');
    const user = userEvent.setup();
    await fillProduct(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/product-details/101'));
    await screen.findByText('The product was created.');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/bff/api/product/?service=DL');
    expect(JSON.parse(sent[0].body.get('product') as string)).toEqual([
      expect.objectContaining({ product_name: 'Rain hood', gtin: '08801234000024', project_id: 11 }),
    ]);
    expect((sent[0].body.get('productImg') as File).name).toBe('front.png');
  });

  it('shows why the API refused the product and keeps what was typed', async () => {
    addProductApi();
    stubUpload(409, { result: false, code: 'E409002', message: 'This GTIN is already registered.', details: [{ path: 'product.0.gtin', message: 'Already registered' }] });
    const { router } = renderRoute('/acme/project/11/add-product');
    const user = userEvent.setup();
    await fillProduct(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByTestId('wizard-error')).toHaveTextContent('This GTIN is already registered.');
    // The refused GTIN is shown where it is typed.
    await waitFor(() => expect(screen.getByTestId('wizard-step-basic')).toHaveAttribute('aria-current', 'step'));
    expect(screen.getByText('Already registered')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Rain hood');
    expect(router.state.location.pathname).toBe('/acme/project/11/add-product');
  });
});
