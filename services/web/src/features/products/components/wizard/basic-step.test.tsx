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

    await user.selectOptions(project, 'Outdoor');
    await user.tab();
    await waitFor(() => expect(project).not.toHaveAttribute('aria-invalid', 'true'));
    expect(project.value).toBe('12');
  });

});
