import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, productApi } from '@/testing/product-page';
import { renderRoute } from '@/testing/test-utils';

function addProductApi() {
  return productApi({
    '/bff/plan/check/product': { body: { isLimit: false } },
    '/bff/api/product/available-gcps': { body: { result: ['8801234'] } },
    '/bff/api/product/certifications': { body: { result: [] } },
  });
}

describe('the wizard\'s project choice', () => {
  it('shows its placeholder when adding from the sidebar, and asks for a project before going on', async () => {
    const fetchMock = addProductApi();
    renderRoute('/acme/project/none/add-product');
    const project = (await screen.findByLabelText('Project')) as HTMLSelectElement;
    expect(project.value).toBe('');
    expect(project.selectedOptions[0]).toHaveTextContent('Choose a project');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product name'), 'Rain hood');
    await user.type(screen.getByLabelText('GTIN (AI 01)'), '08801234000024');
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(project).toHaveAttribute('aria-invalid', 'true'));
    expect(project).toHaveAccessibleDescription(/Choose a project/);
    expect(callsTo(fetchMock, 'POST', '/bff/api/product/')).toHaveLength(0);

    // Chosen, the project is no longer marked, before the select is left.
    await user.selectOptions(project, 'Outdoor');
    await waitFor(() => expect(project).not.toHaveAttribute('aria-invalid', 'true'));
    expect(project.value).toBe('12');
  });

  it("offers a check digit only to digits that are not a GTIN already, and gives an example on the company's prefix", async () => {
    addProductApi();
    renderRoute('/acme/project/none/add-product');
    const gtin = await screen.findByLabelText('GTIN (AI 01)');
    await waitFor(() => expect(gtin).toHaveAccessibleDescription('GTIN-8, -12, -13 or -14 starting with your company prefix (8801234), for example 8801234000017.'));
    const user = userEvent.setup();
    // A valid GTIN-13 is a GTIN: nothing is offered that would change the product's identity.
    await user.type(gtin, '8801234000017');
    expect(screen.queryByTestId('gtin-add-check-digit')).toBeNull();
    // Thirteen digits that are not a GTIN-13: the GTIN-14 with its check digit.
    await user.clear(gtin);
    await user.type(gtin, '8801234000013');
    expect(screen.getByTestId('gtin-add-check-digit')).toHaveTextContent('Use 88012340000136 (with check digit)');
    // Twelve digits that are not a GTIN-12: the GTIN-13.
    await user.clear(gtin);
    await user.type(gtin, '880123400001');
    expect(screen.getByTestId('gtin-add-check-digit')).toHaveTextContent('Use 8801234000017 (with check digit)');
  });

});
