import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { productApi } from '@/testing/product-page';

describe('product details page', () => {
  it('shows a sub-admin without write access the links but no write action', async () => {
    productApi(
      { '/bff/api/auth/sub-admin/access': { body: { accessInfo: { product: { r: true, w: false } } } } },
      makeSession({ roleId: 3 }),
    );
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('links-list')).toBeInTheDocument();
    await screen.findByTestId('serials-empty');
    expect(screen.queryByTestId('link-add')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Brand/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('product-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('serial-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('serials-import-input')).not.toBeInTheDocument();
  });
});
