import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagerFooter } from '@/components/paged-table';
import { renderWithProviders } from '@/testing/test-utils';

describe('PagerFooter', () => {
  it('reads "1–10 of 42" and "Page 1 of 5" between named previous and next buttons', async () => {
    const onPage = vi.fn();
    renderWithProviders(<PagerFooter pageInfo={{ total: 42, size: 10 }} page={1} onPage={onPage} totalTestId="range" />);
    expect(screen.getByTestId('range')).toHaveTextContent('1–10 of 42');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 5')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('ends the range at the total on the last page', () => {
    renderWithProviders(<PagerFooter pageInfo={{ total: 42, size: 10 }} page={5} onPage={() => undefined} />);
    expect(screen.getByText('41–42 of 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('shows only the range for one page, nothing for an empty list, and waits while a page loads', () => {
    const { rerender } = renderWithProviders(<PagerFooter pageInfo={{ total: 3, size: 10 }} page={1} onPage={() => undefined} />);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    rerender(<PagerFooter pageInfo={{ total: 0, size: 10 }} page={1} onPage={() => undefined} />);
    expect(screen.queryByTestId('pager')).not.toBeInTheDocument();

    rerender(<PagerFooter pageInfo={{ total: 30, size: 10 }} page={2} onPage={() => undefined} busy />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});
